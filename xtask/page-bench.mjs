// The offline page's speed for `cargo xtask bench`: headless Chromium through chromedriver (plain
// WebDriver over HTTP, with Chrome DevTools commands), the CPU throttled RATE times
// (`Emulation.setCPUThrottlingRate`) as a mid-range phone is, the network off.
//
//   node xtask/page-bench.mjs CHROMEDRIVER CHROMIUM PAGE.html RATE RUNS
//
// Prints one JSON line: the times from opening the file to the first verdict (the page marks
// `lexico-ready` once its lexicon is proven; the first play is judged right after), and the
// median time of a later verdict (a play submitted and its verdict laid out), in milliseconds.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { pathToFileURL } from "node:url";

const [driverPath, browserPath, page, rateText, runsText] = process.argv.slice(2);
const rate = Number(rateText);
const runs = Number(runsText);

const port = await new Promise((resolve) => {
  const s = createServer().listen(0, "127.0.0.1", () => { const p = s.address().port; s.close(() => resolve(p)); });
});
const driver = spawn(driverPath, [`--port=${port}`], { stdio: "ignore" });
const base = `http://127.0.0.1:${port}`;

async function call(method, path, body) {
  for (let attempt = 0; ; attempt++) {
    try {
      const r = await fetch(base + path, { method, headers: { "content-type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
      const json = await r.json();
      if (!r.ok) { throw new Error(`${path}: ${JSON.stringify(json.value)}`); }
      return json.value;
    } catch (err) {
      if (attempt > 100 || !String(err).includes("fetch failed")) { throw err; }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

try {
  const session = await call("POST", "/session", {
    capabilities: { alwaysMatch: { "goog:chromeOptions": { binary: browserPath, args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--window-size=390,844",
    ] } } },
  });
  const id = session.sessionId;
  const cdp = (cmd, params) => call("POST", `/session/${id}/goog/cdp/execute`, { cmd, params });
  const js = (script, args = []) => call("POST", `/session/${id}/execute/sync`, { script, args });
  await cdp("Network.enable", {});
  await cdp("Network.emulateNetworkConditions", { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const first = [];
  let later = [];
  for (let run = 0; run < runs; run++) {
    await call("POST", `/session/${id}/url`, { url: "about:blank" });
    await cdp("Emulation.setCPUThrottlingRate", { rate });
    await call("POST", `/session/${id}/url`, { url: pathToFileURL(page).href });
    let ready = null;
    for (let i = 0; i < 600 && ready === null; i++) {
      ready = await js("const m = performance.getEntriesByName('lexico-ready'); return m.length ? m[0].startTime : (document.body.classList.contains('failed') ? -1 : null);");
      if (ready === null) { await new Promise((resolve) => setTimeout(resolve, 20)); }
    }
    if (ready === null || ready < 0) { throw new Error("the page did not prove its lexicon"); }
    const times = await js(`
const form = document.getElementById('judge-form');
const play = document.getElementById('play');
const plays = ['casa perros', 'CASA GATOZQ', 'zuzar, churro', 'ca$a'];
return Array.from({ length: 201 }, function (_, i) {
  const t0 = performance.now();
  play.value = plays[i % plays.length];
  form.requestSubmit();
  document.body.getBoundingClientRect();
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  return performance.now() - t0;
});`);
    first.push(ready + times[0]);
    later = later.concat(times.slice(1));
  }
  console.log(JSON.stringify({ rate, first_ms: first, first_median_ms: median(first), later_median_ms: median(later) }));
  await call("DELETE", `/session/${id}`);
} finally {
  driver.kill();
}
