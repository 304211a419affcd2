package config

import "strings"

// CheckHTTPURL reports whether s is an absolute http:// or https:// URL
// with a host, accepting exactly what net/url's Parse accepts for one
// (TestCheckHTTPURLMatchesNetURL and FuzzCheckHTTPURL compare them), and
// whether it carries credentials (user[:password]@host).
//
// It is not net/url itself because every nosh process would pay for it:
// net/url links net/netip, whose initialisation makes unique handles and
// starts the runtime's cleanup goroutines, which was 3 % of `nosh -c
// true` (0.97× [0.94–0.98] without it) for a check that only a base_url
// in a config file or the environment needs.
func CheckHTTPURL(s string) (credentials, ok bool) {
	s, fragment, _ := strings.Cut(s, "#")
	for i := 0; i < len(s); i++ {
		// Control characters are refused before the fragment only.
		if s[i] < 0x20 || s[i] == 0x7f {
			return false, false
		}
	}
	scheme, rest, found := strings.Cut(s, ":")
	if !found || !strings.EqualFold(scheme, "http") && !strings.EqualFold(scheme, "https") {
		return false, false
	}
	rest, _, _ = strings.Cut(rest, "?")
	if !strings.HasPrefix(rest, "//") {
		return false, false
	}
	authority, path := rest[2:], ""
	if i := strings.IndexByte(authority, '/'); i >= 0 {
		authority, path = authority[:i], authority[i:]
	}
	host := authority
	if i := strings.LastIndexByte(authority, '@'); i >= 0 {
		userinfo := authority[:i]
		if !validUserinfo(userinfo) || !validEscapes(userinfo) {
			return false, false
		}
		host, credentials = authority[i+1:], true
	}
	if host == "" || !validHost(host) || !validEscapes(path) || !validEscapes(fragment) {
		return false, false
	}
	return credentials, true
}

// validUserinfo is net/url's: RFC 3986's characters, and '@'.
func validUserinfo(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if isAlnum(c) || strings.IndexByte("-._:~!$&'()*+,;=%@", c) >= 0 {
			continue
		}
		return false
	}
	return true
}

// validHost checks the host[:port] of an http(s) URL as net/url does: a
// name or an IPv4 address, or an IPv6 address in brackets, then an
// optional :port of digits.
func validHost(host string) bool {
	if i := strings.LastIndexByte(host, '['); i > 0 {
		return false
	} else if i == 0 {
		end := strings.LastIndexByte(host, ']')
		if end < 0 || !validPort(host[end+1:]) {
			return false
		}
		addr, zone := host[1:end], ""
		if z := strings.Index(addr, "%25"); z >= 0 {
			addr, zone = addr[:z], addr[z:]
		}
		// netip wants a zone after its marker: "%25" alone is none.
		return validHostBytes(addr, false) && validHostBytes(zone, true) &&
			(zone == "" || len(unescapeHost(zone)) > 1) && isIPv6(unescapeHost(addr))
	}
	// The first colon starts the port: no colons in an http(s) host
	// (net/url's urlstrictcolons).
	if i := strings.IndexByte(host, ':'); i >= 0 && !validPort(host[i:]) {
		return false
	}
	return validHostBytes(host, false)
}

// validPort reports whether s is empty or a colon and digits.
func validPort(s string) bool {
	if s == "" {
		return true
	}
	if s[0] != ':' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// validHostBytes checks the characters of a host (or, with zone, of an
// IPv6 zone identifier after its %25) and its escapes, as net/url's
// unescape does in its host and zone modes.
func validHostBytes(s string, zone bool) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c == '%' {
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return false
			}
			v := unhex(s[i+1])<<4 | unhex(s[i+2])
			if s[i:i+3] != "%25" {
				// A host escapes only bytes beyond ASCII; a zone may
				// escape the ASCII it could hold as it is, and spaces.
				if !zone && v < 0x80 || zone && v != ' ' && (v >= 0x80 || !hostByte(v)) {
					return false
				}
			}
			i += 3
			continue
		}
		if c < 0x80 && !hostByte(c) {
			return false
		}
		i++
	}
	return true
}

// hostByte reports whether c may appear in a host as it is.
func hostByte(c byte) bool {
	return c >= 0x80 || isAlnum(c) || strings.IndexByte("-_.~!$&'()*+,;=:[]<>\"", c) >= 0
}

// validEscapes reports whether every % in s starts a two-digit hex escape.
func validEscapes(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' {
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return false
			}
			i += 2
		}
	}
	return true
}

// isIPv6 reports whether s is an IPv6 address as net/netip parses one:
// eight groups of up to four hex digits separated by colons, one "::"
// standing for one or more missing groups, an IPv4 address in dotted
// form as the last two.
func isIPv6(s string) bool {
	groups, ellipsis := 0, false
	if strings.HasPrefix(s, "::") {
		ellipsis, s = true, s[2:]
		if s == "" {
			return true
		}
	}
	for s != "" {
		n := 0
		for n < len(s) && n < 5 && isHex(s[n]) {
			n++
		}
		if n == 0 || n > 4 {
			return false
		}
		if n < len(s) && s[n] == '.' {
			// An IPv4 tail: it must be the last two groups.
			if !isIPv4(s) || groups > 6 || !ellipsis && groups != 6 {
				return false
			}
			groups += 2
			s = ""
			break
		}
		groups++
		s = s[n:]
		if s == "" {
			break
		}
		if s[0] != ':' || len(s) == 1 {
			return false
		}
		s = s[1:]
		if s[0] == ':' {
			if ellipsis {
				return false
			}
			ellipsis, s = true, s[1:]
		}
	}
	if ellipsis {
		return groups < 8
	}
	return groups == 8
}

// isIPv4 reports whether s is four decimal octets, without leading zeros.
func isIPv4(s string) bool {
	parts := strings.Split(s, ".")
	if len(parts) != 4 {
		return false
	}
	for _, p := range parts {
		if p == "" || len(p) > 3 || len(p) > 1 && p[0] == '0' {
			return false
		}
		v := 0
		for i := 0; i < len(p); i++ {
			if p[i] < '0' || p[i] > '9' {
				return false
			}
			v = v*10 + int(p[i]-'0')
		}
		if v > 255 {
			return false
		}
	}
	return true
}

// unescapeHost undoes the %XX escapes of a host already checked.
func unescapeHost(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}
