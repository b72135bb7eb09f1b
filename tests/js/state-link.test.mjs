// What a link's fragment asks for (web/src/state/link.js, options.js linkCosts): costly options
// held for the reader's answer, a fragment too long refused unread, and what the link keeps
// meanwhile.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULTS, MAX_LINK_CHARS, fromHash, linkCosts } from '../../web/src/options.js';
import { heldText, linkHash, linkReducer, readLink, refusedText } from '../../web/src/state/link.js';

const costlyIds = (hash) => linkCosts(fromHash(hash)).map((c) => c.id);

test('the costly options are those far above the work of their defaults, where their work is done', () => {
  assert.deepEqual(costlyIds(''), []);
  // Up to the page's largest quick choice of resamples, and ten times the defaults' work.
  assert.deepEqual(costlyIds('#bootstrap=1000&restarts=100&test=ar&shuffles=100000&m1_budget=1000000000'), []);
  assert.deepEqual(costlyIds('#bootstrap=1001'), ['bootstrap']);
  assert.deepEqual(costlyIds('#restarts=101'), ['restarts']);
  assert.deepEqual(costlyIds('#test=ar&shuffles=100001'), ['shuffles']);
  assert.deepEqual(costlyIds('#m1_budget=1000000001'), ['m1_budget']);
  // No budget at all is the costliest search.
  assert.deepEqual(costlyIds('#m1_budget=0'), ['m1_budget']);
  assert.deepEqual(costlyIds('#cell_budget=0'), ['cell_budget']);
  assert.deepEqual(costlyIds('#cell_budget=40000001'), ['cell_budget']);
  assert.deepEqual(costlyIds('#cell_budget=40000000'), []);
  assert.deepEqual(costlyIds('#cell_budget=0&levels=token'), []);
  // Shuffles cost only with approximate randomization; restarts and the budget only at the
  // type level.
  assert.deepEqual(costlyIds('#shuffles=10000000'), []);
  assert.deepEqual(costlyIds('#restarts=100000&m1_budget=0&levels=token'), []);
  // A value that is no number cannot be sent: it costs nothing.
  assert.deepEqual(costlyIds('#bootstrap=lots'), []);
});

test('a costly link opens with those options at their defaults, held with what they cost', () => {
  const state = readLink('#bootstrap=100000&restarts=100000&test=ar&shuffles=10000000&log2=1');
  assert.equal(state.refused, null);
  assert.deepEqual(state.held.values, { bootstrap: '100000', restarts: '100000', shuffles: '10000000' });
  assert.deepEqual(
    [state.options.bootstrap, state.options.restarts, state.options.shuffles],
    [DEFAULTS.bootstrap, DEFAULTS.restarts, DEFAULTS.shuffles],
  );
  // The rest of the link is taken as it came.
  assert.equal(state.options.log2, true);
  assert.equal(state.options.test, 'ar');
  assert.match(heldText(state.held), /^This link asks for 100,000 bootstrap resamples, each of which scores every system again; 100,000 restarts of each type-level M-1 search \(10 by default\); 10,000,000 shuffles/);
  // The link keeps them until the reader answers.
  assert.deepEqual(fromHash(linkHash(state)), fromHash('#bootstrap=100000&restarts=100000&test=ar&shuffles=10000000&log2=1'));
});

test('the answers: accept takes the held options, decline keeps the defaults, the rest stays', () => {
  const state = readLink('#bootstrap=5000&log2=1');
  const changed = linkReducer(state, { type: 'set', options: (o) => ({ ...o, beta: '3' }) });
  assert.ok(changed.held, 'a change of another option does not answer');
  const accepted = linkReducer(changed, { type: 'accept' });
  assert.equal(accepted.held, null);
  assert.deepEqual([accepted.options.bootstrap, accepted.options.beta, accepted.options.log2], ['5000', '3', true]);
  const declined = linkReducer(changed, { type: 'decline' });
  assert.equal(declined.held, null);
  assert.deepEqual([declined.options.bootstrap, declined.options.beta], [DEFAULTS.bootstrap, '3']);
  assert.equal(linkHash(declined), '#beta=3&log2=1');
  // An answer with nothing held changes nothing.
  assert.equal(linkReducer(declined, { type: 'accept' }), declined);
});

test('a fragment longer than a link may be is refused unread; the page takes the defaults and drops it', () => {
  const long = `#log2=1&exclude_labels=${'x%20'.repeat(MAX_LINK_CHARS / 4 + 1)}`;
  const state = readLink(long);
  assert.deepEqual(state.refused, { chars: long.length });
  assert.equal(state.held, null);
  assert.deepEqual(state.options, fromHash(''));
  assert.equal(linkHash(state), '');
  assert.match(refusedText(state.refused), /^This link's options take 65 KiB, more than the 64 KiB a link may hold/);
  assert.equal(linkReducer(state, { type: 'dismiss' }).refused, null);
  // At the limit it is read.
  const at = `#exclude_labels=${'x'.repeat(MAX_LINK_CHARS - '#exclude_labels='.length)}`;
  assert.equal(readLink(at).refused, null);
  assert.equal(readLink(at).options.exclude_labels.length, MAX_LINK_CHARS - '#exclude_labels='.length);
  // A later fragment is read afresh.
  assert.equal(linkReducer(state, { type: 'read', hash: '#log2=1' }).options.log2, true);
});
