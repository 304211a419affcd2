//go:build race

package main

// raceDetector is set in a build with the race detector, which limits a
// process to 8128 live goroutines and multiplies its memory.
const raceDetector = true
