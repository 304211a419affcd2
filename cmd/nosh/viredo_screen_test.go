package main

import "testing"

// The vi changes made with c, repeated with .: bash's readline puts the
// text in again and leaves the cursor after it, where the change's own
// Escape had moved it back one (issue ux11).
func TestScreenViRedoChangeLikeBash(t *testing.T) {
	l := viLine + esc
	rows := []keyRow{
		{"cw w.", l + "0cwNEW" + esc + "w."},
		{"cw w. x", l + "0cwNEW" + esc + "w.x"},
		{"cw b.", l + "$bcwNEW" + esc + "bb."},
		{"c2w .", l + "0c2wAB" + esc + "w."},
		{"ce w.", l + "0ceZZ" + esc + "w."},
		{"cW .", l + "0wcWX" + esc + "w."},
		{"cb .", l + "cbX" + esc + "b."},
		{"c$ .", l + "0wc$END" + esc + "0."},
		{"cc .", l + "ccnew line" + esc + "0."},
		{"S .", l + "Snew line" + esc + "0."},
		{"s .", l + "0sZ" + esc + "w."},
		{"3s .", l + "03sZ" + esc + "w."},
		{"cw 2.", l + "0cwNEW" + esc + "w2."},
		{"2cw .", l + "02cwNEW" + esc + "w."},
		{"ct .", l + "0wct-X" + esc + "w."},
		{"cw empty .", l + "0wcw" + esc + "w."},
		{"i .", l + "0iab" + esc + "w."},
		{"a .", l + "0aab" + esc + "w."},
		{"A .", l + "0AZ" + esc + "0."},
		{"I .", l + "IZ" + esc + "$."},
		{"cw u", l + "0wcwNEW" + esc + "u"},
		{"cw . u", l + "0cwNEW" + esc + "w.u"},
		{"cw longer . u", l + "0cwLONGER" + esc + "w.u"},
		{"cw shorter . u", l + "0wcwZ" + esc + "w.u"},
		{"dw . u", l + "0dw.u"},
	}
	compareKeyRows(t, "set -o vi\n", nil, rows)
}
