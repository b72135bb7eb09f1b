// Sharing: the options live in the link, so a reload or a shared link opens with them and the
// demo is scored with them; and the static build works from any sub-path of a plain web server.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import {
  ROOT,
  cliJson,
  fixtureRequest,
  listedFiles,
  openOptions,
  readTable,
  rowOrder,
  screenshot,
  settledHash,
  startStatic,
  useBrowser,
  waitForResult,
} from './harness.mjs';

const env = useBrowser();
const DEMO = join(ROOT, 'public', 'demo');
const DEMO_FILES = ['brown-gold.tsv', 'brown-c50.tsv', 'brown-c50-d3.tsv'].map((f) =>
  join(DEMO, f),
);
let sub;

before(async () => {
  sub = await startStatic('/some/path/');
});

after(async () => {
  await sub?.stop();
});

/** Every token-level number on screen equals the command line's for `args`. */
async function assertCli(page, args) {
  const cli = cliJson(...args, ...DEMO_FILES);
  const cells = await readTable(page, 'token');
  assert.ok(cells.length >= 2 * 7);
  for (const c of cells) {
    const s = cli.systems.find((x) => x.name.endsWith(`/${c.system}`));
    const want = s.token[c.measure];
    assert.ok(
      Math.abs(Number(c.value) - want) <= 1e-12,
      `${c.system} ${c.measure}: page ${c.value}, command line ${want}`,
    );
  }
}

test('a reload keeps the options, the columns and the order, and scores the demo with them', async () => {
  const { page } = await env.open();
  await waitForResult(page);
  await openOptions(page);
  await page.getByLabel('Entropies in bits').check();
  await page.getByLabel('NMI mean').selectOption('geometric');
  await page.getByLabel('β of V').fill('3');
  await page.getByTestId('columns').selectOption('all');
  await page.locator('th[data-key="token.nmi"] button').click();
  await page.locator('th[data-key="token.nmi"] button').click(); // ascending
  const hash = await settledHash(page, /sort=token\.nmi&dir=asc/);
  assert.match(hash, /log2=1/);
  assert.match(hash, /nmi_mean=geometric/);
  assert.match(hash, /cols=all/);
  assert.match(hash, /sort=token\.nmi&dir=asc/);

  await page.reload();
  await waitForResult(page);
  assert.equal(new URL(page.url()).hash, hash);
  await openOptions(page);
  assert.ok(await page.getByLabel('Entropies in bits').isChecked());
  assert.equal(await page.getByLabel('NMI mean').inputValue(), 'geometric');
  assert.equal(await page.getByLabel('β of V').inputValue(), '3');
  assert.equal(await page.getByTestId('columns').inputValue(), 'all');
  assert.equal(
    await page.locator('th[data-key="token.nmi"]').getAttribute('aria-sort'),
    'ascending',
  );
  const nmi = Object.fromEntries(
    (await readTable(page, 'token'))
      .filter((c) => c.measure === 'nmi')
      .map((c) => [c.system, Number(c.value)]),
  );
  assert.deepEqual(
    await rowOrder(page),
    Object.keys(nmi).sort((a, b) => nmi[a] - nmi[b]),
  );
  assert.match(await page.getByTestId('gold-summary').textContent(), /log base 2 · β = 3/);
  await assertCli(page, ['--log2', '--nmi-mean', 'geometric', '--beta', '3']);
});

test('a shared link opens on its options', async () => {
  const { page } = await env.open({ path: '#log2=1&beta=0.5&cols=all&maps=m1' });
  await waitForResult(page);
  const keys = await page.$$eval('th[data-key]', (ths) => ths.map((t) => t.dataset.key));
  assert.ok(keys.includes('token.m1') && !keys.includes('token.o1'), keys.join(' '));
  await assertCli(page, ['--log2', '--beta', '0.5']);
});

test('the build works from a sub-path of a plain static server', async () => {
  const { page, requests } = await env.open({ base: sub.url, path: '#log2=1' });
  await waitForResult(page, 20_000);
  assert.match(await page.getByTestId('gold-summary').textContent(), /brown-gold\.tsv/);
  assert.match(await page.getByTestId('gold-summary').textContent(), /log base 2/);
  await assertCli(page, ['--log2']);
  // Everything came from under the sub-path (the origin itself is checked after each test).
  const outside = requests.filter(
    (u) => u.startsWith('http') && !new URL(u).pathname.startsWith('/some/path/'),
  );
  assert.deepEqual(outside, []);
  assert.ok(
    requests.some((u) => u.endsWith('/some/path/demo.js')),
    'the manifest was not read from beside the page',
  );
  await screenshot(page, 'sub-path');
});

const COSTLY_LINK = '#bootstrap=100000&restarts=100000&test=ar&shuffles=10000000&log2=1';
const DEMO_NAMES = ['brown-gold.tsv', 'brown-c50.tsv', 'brown-c50-d3.tsv'];

/** Opens the costly link on the demo; resolves the page once the demo's files are listed. */
async function openCostlyLink() {
  // The fixture worker answers at once whatever the options: what reaches it is what counts.
  const { page } = await env.open({ path: COSTLY_LINK, fixtureWorker: true });
  await page.waitForSelector('html[data-ready="true"]');
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="file-item"]').length === n, 3);
  return page;
}

test('a link asking for costly options says what they cost and evaluates nothing before the click', async () => {
  const page = await openCostlyLink();
  assert.deepEqual(await listedFiles(page), DEMO_NAMES);
  const notice = page.getByTestId('link-held');
  assert.match(await notice.textContent(), /asks for 100,000 bootstrap resamples, each of which scores every system again; 100,000 restarts .*10,000,000 shuffles/);
  // The demo's files are loaded, and nothing ran: the opening waits for the answer.
  assert.equal(await page.getByTestId('results').getAttribute('data-state'), 'idle');
  assert.equal(await fixtureRequest(page), null);
  // Meanwhile the link keeps what it asked for, and the fields show the defaults.
  const kept = '#log2=1&restarts=100000&bootstrap=100000&test=ar&shuffles=10000000';
  assert.equal(await settledHash(page, kept), kept);
  await openOptions(page);
  assert.equal(await page.getByLabel('Bootstrap resamples').inputValue(), '0');
  await screenshot(page, 'link-held');

  await page.getByTestId('link-accept').click();
  await waitForResult(page);
  const { options } = await fixtureRequest(page);
  assert.deepEqual(
    [options.bootstrap, options.restarts, options.test, options.shuffles, options.log2],
    [100000, 100000, 'ar', 10000000, true],
  );
  assert.equal(await page.getByTestId('link-held').count(), 0);
  assert.equal(await page.getByLabel('Bootstrap resamples').inputValue(), '100000');
});

test("'Use the defaults' evaluates with the costly options at their defaults and the rest of the link", async () => {
  const page = await openCostlyLink();
  await page.getByTestId('link-decline').click();
  await waitForResult(page);
  const { options } = await fixtureRequest(page);
  assert.deepEqual(
    [options.bootstrap, options.restarts, options.test, options.shuffles, options.log2],
    [0, 10, 'ar', 10000, true],
  );
  assert.equal(await settledHash(page, '#log2=1&test=ar'), '#log2=1&test=ar');
  // A costly fragment that arrives later is held the same way.
  await page.evaluate(() => (window.location.hash = '#restarts=5000'));
  await page.getByTestId('link-held').waitFor();
  assert.match(await page.getByTestId('link-held').textContent(), /5,000 restarts of each type-level M-1 search \(10 by default\)/);
});

test('a fragment longer than a link may be is refused unread, and the demo evaluates with the defaults', async () => {
  // 1.5 MB of labels to exclude: far past the 64 KiB a link may hold.
  const labels = Array.from({ length: 150_000 }, (_, i) => `L${i}`).join('%20');
  const { page } = await env.open({ path: `#exclude_labels=${labels}&log2=1` });
  await waitForResult(page);
  assert.match(
    await page.getByTestId('link-refused').textContent(),
    /^This link's options take 1\.\d MB, more than the 64 KiB a link may hold: they were not read/,
  );
  await openOptions(page);
  assert.equal(await page.getByLabel('Gold labels to exclude').inputValue(), '');
  assert.ok(!(await page.getByLabel('Entropies in bits').isChecked()));
  // The fragment goes, so a reload does not meet it again.
  assert.equal(await settledHash(page, ''), '');
  await page.getByTestId('link-dismiss').click();
  assert.equal(await page.getByTestId('link-refused').count(), 0);
});
