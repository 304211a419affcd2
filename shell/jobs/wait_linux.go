package jobs

import (
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// si_code values of SIGCHLD (waitid(2)).
const (
	cldTrapped   = 4
	cldStopped   = 5
	cldContinued = 6
)

// monitor follows p until it ends and records every change of state. It
// is the only code that waits for p, so nothing else races it for the
// process's status.
func (t *Table) monitor(p *Process, stops bool) {
	if stops {
		t.followStops(p)
	}
	err := p.cmd.Wait()
	t.mu.Lock()
	p.setExit(err)
	p.job.pruneLocked(p)
	t.changed()
	t.mu.Unlock()
}

// followStops reports stops and continues of p, and returns once p has
// exited (without reaping it: exec.Cmd.Wait does that). exec.Cmd.Wait
// cannot see stops, which is why this peeks with WNOWAIT first and then
// consumes only stop or continue events, never an exit.
func (t *Table) followStops(p *Process) {
	for {
		var info unix.Siginfo
		err := unix.Waitid(unix.P_PID, p.Pid, &info, unix.WEXITED|unix.WSTOPPED|unix.WCONTINUED|unix.WNOWAIT, nil)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return
		}
		switch info.Code {
		case cldStopped, cldTrapped:
			var got unix.Siginfo
			err := unix.Waitid(unix.P_PID, p.Pid, &got, unix.WSTOPPED|unix.WNOHANG, nil)
			if err != nil && err != unix.EINTR {
				return
			}
			if got.Code == cldStopped || got.Code == cldTrapped {
				t.setProcState(p, Stopped, syscall.Signal(childStatus(&got)))
			}
		case cldContinued:
			var got unix.Siginfo
			err := unix.Waitid(unix.P_PID, p.Pid, &got, unix.WCONTINUED|unix.WNOHANG, nil)
			if err != nil && err != unix.EINTR {
				return
			}
			t.setProcState(p, Running, 0)
		default:
			return
		}
	}
}

// childStatus returns si_status of a SIGCHLD siginfo: the stop signal for
// a stop. x/sys/unix leaves the union opaque; it starts after three int32
// fields, aligned to a pointer, and holds si_pid, si_uid, si_status.
func childStatus(info *unix.Siginfo) int32 {
	off := uintptr(12)
	if unsafe.Sizeof(uintptr(0)) == 8 {
		off = 16
	}
	return *(*int32)(unsafe.Add(unsafe.Pointer(info), off+8))
}

func (t *Table) setProcState(p *Process, st State, sig syscall.Signal) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if p.state == Done {
		return
	}
	p.state = st
	p.stopSig = sig
	t.changed()
}
