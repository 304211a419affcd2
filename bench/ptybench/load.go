package main

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"
)

// spinEnv marks a process of ptybench started as a busy loop (-load).
const spinEnv = "PTYBENCH_SPIN"

// startLoad starts n busy loops, each a process of its own (so that the
// scheduler weighs it as it weighs any other program), and returns what
// stops them.
func startLoad(n int) (stop func(), err error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	var cmds []*exec.Cmd
	stop = func() {
		for _, c := range cmds {
			c.Process.Kill()
			c.Wait()
		}
	}
	for range n {
		c := exec.Command(self)
		c.Env = append(os.Environ(), spinEnv+"=1")
		// A loop must not outlive a ptybench that is killed.
		c.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
		if err := c.Start(); err != nil {
			stop()
			return nil, fmt.Errorf("starting a busy loop: %v", err)
		}
		cmds = append(cmds, c)
	}
	return stop, nil
}

// spin is a busy loop's whole life: it runs until it is killed.
func spin() {
	x := uint64(1)
	for {
		x = x*6364136223846793005 + 1442695040888963407
		if x == 0 {
			fmt.Println(x)
		}
	}
}
