package assistant

import (
	"os"
	"runtime"
	"sync"

	"nosh/ai/translate"
)

// processSystem describes this machine for `nosh ask`, looked up once on
// the process's PATH.
func processSystem() translate.System {
	processSystemOnce.Do(func() { processSystemValue = makeProcessSystem() })
	return processSystemValue
}

var (
	processSystemOnce  sync.Once
	processSystemValue translate.System
)

func makeProcessSystem() translate.System {
	return translate.DetectSystem(translate.LocalProbe(runtime.GOOS, os.Getenv("PATH")))
}

// envInfo is the environment the session's requests describe: the
// machine, looked up on the shell's PATH at the first request (again
// when PATH changes; never at start-up), and the current directory.
func (a *Assistant) envInfo() translate.Env {
	st := a.ai
	if st == nil {
		a.aiContext()
		st = a.ai
	}
	path := a.host.Getenv("PATH")
	if st.system == nil || st.systemPath != path {
		sys := translate.DetectSystem(translate.LocalProbe(runtime.GOOS, path))
		st.system, st.systemPath = &sys, path
	}
	return envInfo(a.host.Dir(), *st.system)
}
