//go:build !race

package main

// raceDetector is set in a build with the race detector.
const raceDetector = false
