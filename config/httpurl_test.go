package config

import (
	"net/url"
	"testing"
)

// netURLCheck is what CheckHTTPURL stands in for: url.Parse, an http or
// https scheme, a host.
func netURLCheck(s string) (credentials, ok bool) {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return false, false
	}
	return u.User != nil, true
}

var httpURLCases = []string{
	"", "http://localhost:11434", "https://api.openai.com/v1", "HTTP://Example.COM/",
	"http://127.0.0.1:8080/v1?x=1#frag", "https://user:pw@host/", "http://user@host",
	"http://:80", "http://host:", "http://host:8o", "http://host:80:90", "http://a:b:80",
	"ftp://host/", "http:/host", "http:host", "http:///path", "http://", "http://@host",
	"http://us er@host", "http://user%zz@host", "http://p@ss@host/", "http://host/%zz",
	"http://host/#%zz", "http://host/?%zz", "http://ho st/", "http://ho%41st/", "http://h%C3%A9/",
	"http://hé.example/", "http://host\n/", "http://host\x7f", " http://host", "http://host/ x",
	"http://[::1]:8080/", "http://[::1]", "http://[::1]x", "http://[::1", "http://a[::1]",
	"http://[fe80::1%25en0]/", "http://[fe80::1%25]/", "http://[fe80::1%25%25]/",
	"http://[fe80::1%25en%200]/", "http://[fe80::1%25en%0a0]/", "http://[fe80::1%en0]/",
	"http://[1.2.3.4]/", "http://[::ffff:1.2.3.4]/", "http://[::ffff:01.2.3.4]/",
	"http://[::ffff:1.2.3.256]/", "http://[1:2:3:4:5:6:7:8]/", "http://[1:2:3:4:5:6:7:8:9]/",
	"http://[1:2:3:4:5:6:7::]/", "http://[1:2:3:4:5:6:7:8::]/", "http://[::]/", "http://[:::]/",
	"http://[1::2::3]/", "http://[12345::]/", "http://[g::]/", "http://[1:2:3:4:5:6:1.2.3.4]/",
	"http://[1:2:3:4:5:6:7:1.2.3.4]/", "http://[::1.2.3.4]/", "http://[1:]/", "http://[:1]/",
	"http://[::1]:/", "http://[::1]:8a/", "http://[%3a%3a1]/", "http://[::%31]/",
	"https://h/#a#b", "http://h?x#y", "http://h/a?b/c@d", "http://h#@x", "http://a@b@c/",
	"http://a/b@c", "http://h/%", "http://h/%4", "http://%41/", "http://%7e/", "http://h%/",
}

func TestCheckHTTPURLMatchesNetURL(t *testing.T) {
	cases := append([]string(nil), httpURLCases...)
	// Every ASCII byte in the host, the user information, the path, the
	// port and an IPv6 zone.
	for c := 0; c < 0x80; c++ {
		b := string(rune(c))
		cases = append(cases, "http://a"+b+"b/", "http://u"+b+"v@h/", "http://h/p"+b,
			"http://h:8"+b, "http://[fe80::1%25e"+b+"]/", "http://[fe80::1%25e%"+
				string("0123456789abcdef"[c>>4])+string("0123456789abcdef"[c&15])+"]/",
			"http://h%"+string("0123456789abcdef"[c>>4])+string("0123456789abcdef"[c&15])+"/")
	}
	for _, s := range cases {
		wantCred, wantOK := netURLCheck(s)
		gotCred, gotOK := CheckHTTPURL(s)
		if gotOK != wantOK || gotCred != wantCred {
			t.Errorf("CheckHTTPURL(%q) = %v, %v; net/url says %v, %v", s, gotCred, gotOK, wantCred, wantOK)
		}
	}
}

func FuzzCheckHTTPURL(f *testing.F) {
	for _, s := range httpURLCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		wantCred, wantOK := netURLCheck(s)
		gotCred, gotOK := CheckHTTPURL(s)
		if gotOK != wantOK || gotCred != wantCred {
			t.Errorf("CheckHTTPURL(%q) = %v, %v; net/url says %v, %v", s, gotCred, gotOK, wantCred, wantOK)
		}
	})
}
