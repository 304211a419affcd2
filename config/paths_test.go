package config

import "testing"

func TestResolvePaths(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want Paths
	}{
		{
			name: "home only",
			env:  map[string]string{"HOME": "/home/u"},
			want: Paths{
				ConfigFile:      "/home/u/.config/nosh/config.toml",
				ConfigDir:       "/home/u/.config/nosh",
				InitFile:        "/home/u/.config/nosh/init.sh",
				PermissionsFile: "/home/u/.config/nosh/permissions.toml",
				StateDir:        "/home/u/.local/state/nosh",
				HistoryFile:     "/home/u/.local/state/nosh/history",
				AuditFile:       "/home/u/.local/state/nosh/audit.jsonl",
				TranscriptDir:   "/home/u/.local/state/nosh/transcripts",
				CrashDir:        "/home/u/.local/state/nosh/crash",
			},
		},
		{
			name: "XDG variables and NOSH_CONFIG",
			env: map[string]string{"HOME": "/home/u", "XDG_CONFIG_HOME": "/cfg/", "XDG_STATE_HOME": "/st",
				"NOSH_CONFIG": "rel/my.toml"},
			want: Paths{
				ConfigFile:      "rel/my.toml",
				ConfigDir:       "/cfg/nosh",
				InitFile:        "/cfg/nosh/init.sh",
				PermissionsFile: "/cfg/nosh/permissions.toml",
				StateDir:        "/st/nosh",
				HistoryFile:     "/st/nosh/history",
				AuditFile:       "/st/nosh/audit.jsonl",
				TranscriptDir:   "/st/nosh/transcripts",
				CrashDir:        "/st/nosh/crash",
			},
		},
		{
			name: "relative XDG values are ignored",
			env:  map[string]string{"HOME": "/h", "XDG_CONFIG_HOME": "cfg", "XDG_STATE_HOME": "./st"},
			want: Paths{
				ConfigFile:      "/h/.config/nosh/config.toml",
				ConfigDir:       "/h/.config/nosh",
				InitFile:        "/h/.config/nosh/init.sh",
				PermissionsFile: "/h/.config/nosh/permissions.toml",
				StateDir:        "/h/.local/state/nosh",
				HistoryFile:     "/h/.local/state/nosh/history",
				AuditFile:       "/h/.local/state/nosh/audit.jsonl",
				TranscriptDir:   "/h/.local/state/nosh/transcripts",
				CrashDir:        "/h/.local/state/nosh/crash",
			},
		},
		{
			name: "no usable home leaves the paths empty",
			env:  map[string]string{"HOME": "relative", "NOSH_CONFIG": "/etc/nosh.toml"},
			want: Paths{ConfigFile: "/etc/nosh.toml"},
		},
		{
			name: "no home but XDG state",
			env:  map[string]string{"XDG_STATE_HOME": "/st"},
			want: Paths{
				StateDir:      "/st/nosh",
				HistoryFile:   "/st/nosh/history",
				AuditFile:     "/st/nosh/audit.jsonl",
				TranscriptDir: "/st/nosh/transcripts",
				CrashDir:      "/st/nosh/crash",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ResolvePaths(func(k string) string { return tt.env[k] })
			if got != tt.want {
				t.Errorf("ResolvePaths =\n%+v\nwant\n%+v", got, tt.want)
			}
		})
	}
}
