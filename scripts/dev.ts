// `npm run dev`: the API with reload on :3000 and Vite with hot module reload on :5173 (open that one).
import { spawn } from "node:child_process";

const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "apps/server/src/main.ts"], { stdio: "inherit" }),
  spawn("npm", ["run", "dev", "-w", "@ferry/web"], { stdio: "inherit" }),
];
console.log("Ferry dev: open http://localhost:5173 (API on http://localhost:3000)");

function stopAll(signal: NodeJS.Signals): void {
  for (const child of children) {
    child.kill(signal);
  }
}
process.on("SIGINT", () => stopAll("SIGINT"));
process.on("SIGTERM", () => stopAll("SIGTERM"));
for (const child of children) {
  child.on("exit", (code) => {
    stopAll("SIGTERM");
    process.exitCode = code ?? 0;
  });
}
