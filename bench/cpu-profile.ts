import { Session } from "node:inspector/promises";

/**
 * A V8 CPU profile of this thread (the server's), taken through the inspector while a phase runs,
 * and where its samples fell: by package and by function, self time only.
 */
interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly hitCount?: number;
}

export interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples?: readonly number[];
}

export interface CpuShare {
  readonly name: string;
  readonly share: number;
}

export interface CpuProfileSummary {
  readonly sampledMs: number;
  readonly byPackage: CpuShare[];
  readonly byFunction: CpuShare[];
}

export async function startCpuProfile(): Promise<() => Promise<CpuProfile>> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  return async () => {
    try {
      const { profile } = await session.post("Profiler.stop");
      return profile as unknown as CpuProfile;
    } finally {
      session.disconnect();
    }
  };
}

/** `node_modules/@scope/name`, `node_modules/name`, `node:internal`, the repository folder, or the V8 label. */
function packageOf(url: string, functionName: string): string {
  if (url === "") {
    // V8's own entries: (garbage collector), (program), (idle), native builtins.
    return functionName.startsWith("(") ? functionName : "(native)";
  }
  if (url.startsWith("node:")) {
    return "node: (Node's own JavaScript)";
  }
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) {
    return modules[1];
  }
  const repository = /\/(apps\/[^/]+|packages\/[^/]+|bench)\//.exec(url);
  return repository ? repository[1] : url;
}

function shares(totals: Map<string, number>, all: number, limit: number): CpuShare[] {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, hits]) => ({ name, share: all > 0 ? hits / all : 0 }));
}

export function summariseCpuProfile(profile: CpuProfile, limit = 15): CpuProfileSummary {
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let all = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (hits === 0) {
      continue;
    }
    const { functionName, url, lineNumber } = node.callFrame;
    const owner = packageOf(url, functionName);
    all += hits;
    byPackage.set(owner, (byPackage.get(owner) ?? 0) + hits);
    const name = `${functionName || "(anonymous)"} ${owner}${url ? `:${lineNumber + 1}` : ""}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
  }
  // (idle) is the thread waiting for work, not a cost.
  const idle = byPackage.get("(idle)") ?? 0;
  byPackage.delete("(idle)");
  for (const key of [...byFunction.keys()].filter((name) => name.startsWith("(idle)"))) {
    byFunction.delete(key);
  }
  return {
    sampledMs: (profile.endTime - profile.startTime) / 1000,
    byPackage: shares(byPackage, all - idle, limit),
    byFunction: shares(byFunction, all - idle, limit),
  };
}
