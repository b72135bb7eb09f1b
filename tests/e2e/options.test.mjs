// The options panel: every option of the command line reaches the worker in the contract's
// shape; what the table shows follows the families and mappings chosen; a field that cannot
// be sent says so; and the link keeps all of it across a reload.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { PUNCT_PRESETS } from '../../web/src/options.js';
import {
  ROOT,
  cliText,
  download,
  evaluateAndWait,
  fixtureRequest,
  openOptions,
  screenshot,
  settledHash,
  useBrowser,
  waitForResult,
} from './harness.mjs';

const env = useBrowser();

// The request names every option by the core's id (SPEC §4 "Options").
const EXPECTED = {
  beta: 0.5,
  log2: true,
  token_check: false,
  nmi_mean: 'max',
  restarts: 25,
  seed: 42,
  m1_budget: 100000000,
  cell_budget: 4000000,
  min_share: 0.2,
  unclustered: 'split',
  unclustered_label: 'UNK',
  exclude_labels: [...PUNCT_PRESETS.ptb.labels, 'SYM'],
  exclude_punct: true,
  gold_map: { preset: 'brown-universal' },
  induced_map: { name: 'clusters-to-tags.tsv', text: '0\tNOUN\n1\tVERB\n' },
  map_keep: true,
  baselines: ['random', 'one', 'singletons', 'majority'],
  levels: 'type',
  substitutable: true,
  depth_sweep: true,
  bootstrap: 200,
  ci: 'percentile',
  resample: 'instances',
  test: 'ar',
  shuffles: 500,
  detail: 2,
};

async function setEverything(page) {
  await openOptions(page);
  await page.getByLabel('β of V').fill('0.5');
  await page.getByLabel('Entropies in bits').check();
  await page.getByLabel('NMI mean').selectOption('max');
  await page.getByLabel('Levels').selectOption('type');
  await page.getByLabel('Substitutable precision and recall').check();
  await page.getByLabel('Every depth of a paths system (Brown clusters)').check();
  await page.getByLabel('Check that tokens line up').uncheck();
  await page.getByLabel('Restarts').fill('25');
  await page.getByLabel('Seed').fill('42');
  await page.getByLabel('Min. share').fill('0.2');
  await page.getByLabel('Policy').selectOption('split');
  await page.getByLabel('Label', { exact: true }).fill('UNK');
  await page.getByRole('button', { name: 'PTB punctuation' }).click();
  await page.getByLabel('Gold labels to exclude').press('End');
  await page.getByLabel('Gold labels to exclude').pressSequentially(' SYM');
  await page.getByLabel('Exclude tokens made only of Unicode punctuation').check();
  await page.getByLabel('Gold map').selectOption('brown-universal');
  await page.getByLabel('System map', { exact: true }).selectOption('file');
  await page.getByLabel('System map: choose a from<TAB>to file').setInputFiles({
    name: 'clusters-to-tags.tsv',
    mimeType: 'text/plain',
    buffer: Buffer.from('0\tNOUN\n1\tVERB\n'),
  });
  await page.getByLabel('Keep labels a map lacks').check();
  for (const b of ['random', 'one', 'singletons', 'majority'])
    await page.getByLabel(b, { exact: true }).check();
  await page.getByTestId('bootstrap-200').click();
  await page.getByLabel('Intervals').selectOption('percentile');
  await page.getByLabel('Sense runs resample').selectOption('instances');
  await page.getByLabel('Paired test').selectOption('ar');
  await page.getByLabel('Shuffles').fill('500');
}

test('every option reaches the worker as the contract names it, and the link keeps them', async () => {
  const { page } = await env.open({ fixtureWorker: true });
  await waitForResult(page);
  await setEverything(page);
  assert.match(await page.getByTestId('options-digest').textContent(), /restarts: 25 · seed: 42/);
  await page.getByTestId('stale').waitFor();
  await screenshot(page, 'options-open');
  await evaluateAndWait(page, 'baseline:majority');
  assert.deepEqual((await fixtureRequest(page)).options, EXPECTED);

  // The link holds them (an uploaded map excepted: it cannot travel in a link).
  const hash = new URL(page.url()).hash;
  for (const part of [
    'restarts=25',
    'seed=42',
    'nmi_mean=max',
    'log2=1',
    'token_check=0',
    'unclustered=split',
    'gold_map=brown-universal',
    'exclude_punct=1',
    'map_keep=1',
    'bootstrap=200',
    'ci=percentile',
    'test=ar',
    'shuffles=500',
    'depth_sweep=1',
  ]) {
    assert.ok(hash.includes(part), `${part} is not in ${hash}`);
  }
  assert.ok(!hash.includes('induced_map'), 'an uploaded map went into the link');

  await page.reload();
  await waitForResult(page);
  await openOptions(page);
  assert.equal(await page.getByLabel('Restarts').inputValue(), '25');
  assert.equal(await page.getByLabel('Bootstrap resamples').inputValue(), '200');
  assert.equal(await page.getByLabel('Intervals').inputValue(), 'percentile');
  assert.equal(await page.getByLabel('Paired test').inputValue(), 'ar');
  assert.equal(await page.getByLabel('Shuffles').inputValue(), '500');
  assert.equal(await page.getByLabel('NMI mean').inputValue(), 'max');
  assert.equal(
    await page.getByLabel('Gold labels to exclude').inputValue(),
    EXPECTED.exclude_labels.join(' '),
  );
  assert.equal(await page.getByLabel('Gold map').inputValue(), 'brown-universal');
  assert.equal(await page.getByLabel('System map', { exact: true }).inputValue(), '');
  assert.ok(await page.getByLabel('majority', { exact: true }).isChecked());
  // The demo ran again with them.
  const { induced_map: inducedMap, ...rest } = EXPECTED;
  assert.deepEqual((await fixtureRequest(page)).options, rest);
});

test('the families and mappings shown follow the options, without a new run', async () => {
  const { page } = await env.open({ fixtureWorker: true });
  await waitForResult(page);
  await page.getByTestId('columns').selectOption('all');
  const keys = () => page.$$eval('th[data-key]', (ths) => ths.map((t) => t.dataset.key));
  const before = await keys();
  assert.ok(before.includes('token.ari') && before.includes('type.macro_i_o1'));

  await openOptions(page);
  await page.getByTestId('options').getByLabel('Pair-counting').uncheck();
  await page.getByTestId('options').getByLabel('1-1', { exact: true }).uncheck();
  const after = await keys();
  assert.ok(
    !after.some((k) => /\.(ari|rand|pair_[prf]|fmi|grouping_[prf])$/.test(k)),
    after.join(' '),
  );
  assert.ok(!after.some((k) => k.endsWith('o1')), after.join(' '));
  assert.ok(after.includes('type.macro_i_m1') && after.includes('token.m1'));
  assert.equal(await page.getByTestId('stale').count(), 0, 'showing less is not a new computation');
  const shown = await settledHash(page, /maps=m1/);
  assert.match(shown, /show=mapping%2Cinformation%2Cbcubed%2Coverlap%2Cpolysemous%2Ccoverage/);
  assert.equal(new URL(page.url()).hash, shown);

  await page.reload();
  await waitForResult(page);
  assert.deepEqual(await keys(), after);
});

test('a field that cannot be sent says why and holds Evaluate back', async () => {
  const { page } = await env.open();
  await waitForResult(page);
  await openOptions(page);
  await page.getByLabel('Restarts').fill('0');
  const restarts = page.getByLabel('Restarts');
  assert.equal(await restarts.getAttribute('aria-invalid'), 'true');
  const help = await restarts.getAttribute('aria-describedby');
  assert.match(await page.locator(`#${help}`).textContent(), /1 to 100000/);
  assert.ok(await page.getByTestId('evaluate').isDisabled());
  await page.getByLabel('Restarts').fill('3');
  assert.ok(await page.getByTestId('evaluate').isEnabled());
  const bootstrap = page.getByLabel('Bootstrap resamples');
  await bootstrap.fill('100001');
  assert.equal(await bootstrap.getAttribute('aria-invalid'), 'true');
  const why = await bootstrap.getAttribute('aria-describedby');
  assert.match(await page.locator(`#${why}`).textContent(), /whole number from 0 to 100000/);
  assert.ok(await page.getByTestId('evaluate').isDisabled());
  await page.getByTestId('bootstrap-1000').click();
  assert.equal(await bootstrap.inputValue(), '1000');
  assert.ok(await page.getByTestId('evaluate').isEnabled());
  await page.getByTestId('options-reset').click();
  assert.equal(await page.getByLabel('Restarts').inputValue(), '10');
  await settledHash(page, '');
  assert.equal(new URL(page.url()).hash, '');
});

test("the options change the numbers as they change the command line's", async () => {
  const { page } = await env.open();
  await waitForResult(page);
  await openOptions(page);
  const labels = ['.', ':', '(', ')', "''", '``', '--'];
  await page.getByLabel('Gold labels to exclude').fill(labels.join(' '));
  await page.getByLabel('Exclude tokens made only of Unicode punctuation').check();
  await page.getByLabel('Restarts').fill('3');
  await page.getByLabel('Seed').fill('5');
  await page.getByLabel('Min. share').fill('0.1');
  await page.getByLabel('Policy').selectOption('drop');
  await page.getByLabel('NMI mean').selectOption('min');
  for (const b of ['one', 'singletons']) await page.getByLabel(b, { exact: true }).check();
  await evaluateAndWait(page, 'baseline:singletons');
  assert.match(await page.getByTestId('gold-summary').textContent(), /excluded tokens/);
  await page.getByTestId('columns').selectOption('all');

  await page.getByTestId('export-format').selectOption('csv');
  const csv = await download(page, () => page.getByTestId('export-download').click());
  const measures = csv.text.split('\n')[0].split(',').slice(1).join(',');
  const flags = [
    ...['--exclude-labels', labels.join(','), '--exclude-punct', '--restarts', '3'],
    ...['--seed', '5', '--min-share', '0.1', '--unclustered', 'drop', '--nmi-mean', 'min'],
    ...['--baselines', 'one,singletons', '--format', 'csv', '--measures', measures],
  ];
  const files = ['brown-gold.tsv', 'brown-c50.tsv', 'brown-c50-d3.tsv'];
  assert.equal(csv.text, cliText([...flags, ...files], join(ROOT, 'public', 'demo')));
});
