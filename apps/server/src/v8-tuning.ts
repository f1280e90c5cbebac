import { setFlagsFromString } from "node:v8";

/*
 * V8's settings for serving, applied on import: main.ts imports this module first, and so do the
 * benchmarks that run a server in their own process (issue 31, decision 055, fourteenth round).
 *
 * Allocation-site pretenuring off. V8 allocates objects straight into the old generation when most of
 * those made at one place in the code outlived a minor collection. Under load, node-postgres's rows did
 * (many requests' rows are alive at any moment), so every later row went to the old generation, where
 * the rows and strings they point to were kept alive by them until the next full collection: 2.5 MB
 * more promoted at each scavenge, an old generation growing 5 MB a second, and scavenges of 11–18 ms
 * every 400 ms instead of 6–10, each one holding up every request in flight. A request's objects live
 * for milliseconds; a server has nothing to gain from pretenuring them.
 */
setFlagsFromString("--no-allocation-site-pretenuring");
