// Package guard is how the core checks what runs on behalf of someone
// other than the user who typed it (the AI's commands): the Guard the
// assistant supplies, its place in a context, the handlers that put it in
// front of interp's, and the programs an agent's commands started, which
// are all its kill and wait may reach. It imports neither the permission
// engine nor the AI, and keeps no state outside the values it returns.
package guard
