# nosh init.sh: read by every interactive nosh, after /etc/profile and
# ~/.profile for login shells. Copy it to ~/.config/nosh/init.sh
# (or $XDG_CONFIG_HOME/nosh/init.sh) and make it yours.
#
# It is POSIX sh with the bash extensions nosh runs ([[ ]], arrays, local,
# $'…'), so most of a ~/.bashrc can be pasted in. An error here prints
# FILE:LINE: message and nosh still reaches the prompt.

# --- PATH -----------------------------------------------------------------
# Add a directory only if it exists and is not there yet.
path_add() {
	case ":$PATH:" in
	*":$1:"*) ;;
	*) [ -d "$1" ] && PATH="$1:$PATH" ;;
	esac
}
path_add "$HOME/.local/bin"
path_add "$HOME/go/bin"
export PATH

# --- Environment ----------------------------------------------------------
export EDITOR=${EDITOR:-vi}
export PAGER=${PAGER:-less}
export LESS=${LESS:--R}

# --- Aliases ----------------------------------------------------------------
alias ll='ls -lh'
alias la='ls -lAh'
alias ..='cd ..'
alias gs='git status -s'
alias gl='git log --oneline --graph --decorate -20'
# Ask before overwriting.
alias cp='cp -i'
alias mv='mv -i'

# --- Functions --------------------------------------------------------------
# mkcd DIR: make a directory and go into it.
mkcd() {
	mkdir -p -- "$1" && cd -- "$1"
}

# up [N]: go up N directories (default 1).
up() {
	n=${1:-1}
	d=
	while [ "$n" -gt 0 ]; do
		d="../$d"
		n=$((n - 1))
	done
	cd "${d:-.}"
}

# --- Prompt -----------------------------------------------------------------
# Without PS1, nosh draws its built-in prompt (directory, git branch, last
# status, duration, jobs), configured under [prompt] in config.toml.
# Setting PS1 replaces it; bash's escapes work:
# PS1='\u@\h:\w\$ '
# PS1='\[\e[1;36m\]\w\[\e[0m\] $(git branch --show-current 2>/dev/null) \$ '

# An existing prompt program can draw it instead, in config.toml:
#   [prompt]
#   command = "starship prompt --status=$?"
