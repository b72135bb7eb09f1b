// What the page's main thread lets through while a step runs, measured in the page itself:
// the longest gap between two animation frames, the longest task the browser reports, how
// many frames came, and the gaps over two frames with when they came (ms from the start).

/** Starts recording frame gaps and long tasks in the page. */
export const startWatch = (page) =>
  page.evaluate(() => {
    const w = { maxGap: 0, longest: 0, frames: 0, running: true, start: performance.now(), gaps: [] };
    let last = performance.now();
    const tick = (t) => {
      w.maxGap = Math.max(w.maxGap, t - last);
      // The gaps over two frames, and when they came: a stall at the end is the download's.
      if (t - last > 34) w.gaps.push([t - last, last - w.start]);
      w.frames += 1;
      last = t;
      if (w.running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    w.observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longest = Math.max(w.longest, e.duration);
    });
    w.observer.observe({ type: 'longtask' });
    // @ts-ignore
    window.__watch = w;
  });

/** Stops recording after two more frames; returns {maxGap, longest, frames, gaps}. */
export const stopWatch = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            // @ts-ignore
            const w = window.__watch;
            w.running = false;
            w.observer.disconnect();
            resolve({ maxGap: w.maxGap, longest: w.longest, frames: w.frames, gaps: w.gaps });
          }),
        ),
      ),
  );
