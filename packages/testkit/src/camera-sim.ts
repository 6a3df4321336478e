// The camera-server simulator for tests and benchmarks of every app: started in
// their own process, and driven through its control interface (/_sim/...).
export { startCameraSimulator, type RunningSimulator } from "@clubcast/camera-sim/simulator";
export { createSimulatorControl, type SimCall, type SimulatorControl } from "@clubcast/camera-sim/control";
export { hasFfmpeg } from "@clubcast/camera-sim/video";
