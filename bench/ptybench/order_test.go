package main

import "testing"

// TestBalancedOrders checks that in the orders every session follows
// every other one equally often and each order holds every session once.
func TestBalancedOrders(t *testing.T) {
	for n := 2; n <= 8; n++ {
		orders := balancedOrders(n)
		follows := map[[2]int]int{}
		for _, o := range orders {
			seen := map[int]bool{}
			for j, v := range o {
				if seen[v] || v < 0 || v >= n {
					t.Fatalf("n=%d: order %v is not a permutation", n, o)
				}
				seen[v] = true
				if j > 0 {
					follows[[2]int{o[j-1], v}]++
				}
			}
		}
		want := -1
		for a := range n {
			for b := range n {
				if a == b {
					continue
				}
				c := follows[[2]int{a, b}]
				if want < 0 {
					want = c
				}
				if c != want || c == 0 {
					t.Fatalf("n=%d: %d follows %d %d times, want %d (orders %v)", n, b, a, c, want, orders)
				}
			}
		}
	}
}
