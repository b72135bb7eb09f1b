// The options a link's fragment asks for, read so that opening a link stays quick: options
// that cost more than an evaluation at once may (options.js, linkCosts) are held until the
// reader answers, and a fragment longer than a link's (MAX_LINK_CHARS) is refused unread.
// A saved page's and a site's demo.js options come through the fragment too (main.jsx), so
// they follow the same rule: a page file from someone else is no more trusted than a link.
// Pure: useLinkedOptions.js drives it.

import { DEFAULTS, MAX_LINK_CHARS, fromHash, linkCosts, toHash } from '../options.js';
import { formatBytes } from '../format.js';

/**
 * The page's options from a fragment: {options, held, refused}. `held` is null, or the
 * costly options the link asked for, {values: {id: value}, costs: [{id, value, text}]},
 * which `options` holds at their defaults meanwhile; `refused` is null, or {chars} when the
 * fragment was too long to read (`options` are then the defaults).
 */
export function readLink(hash) {
  const text = String(hash ?? '');
  if (text.length > MAX_LINK_CHARS) return { options: fromHash(''), held: null, refused: { chars: text.length } };
  const options = fromHash(text);
  const costs = linkCosts(options);
  if (!costs.length) return { options, held: null, refused: null };
  const values = Object.fromEntries(costs.map((c) => [c.id, c.value]));
  const defaults = Object.fromEntries(costs.map((c) => [c.id, DEFAULTS[c.id]]));
  return { options: { ...options, ...defaults }, held: { values, costs }, refused: null };
}

/**
 * The next state. Actions:
 *   {type: 'read', hash}        a fragment arrived (the page opened, or it changed)
 *   {type: 'set', options}      the page changed the options (a value, or a function of them)
 *   {type: 'accept'}            the reader takes the held options
 *   {type: 'decline'}           the reader keeps the defaults in their place
 *   {type: 'dismiss'}           the reader has read that the fragment was refused
 */
export function linkReducer(state, action) {
  switch (action.type) {
    case 'read':
      return readLink(action.hash);
    case 'set': {
      const options = typeof action.options === 'function' ? action.options(state.options) : action.options;
      return { ...state, options };
    }
    case 'accept':
      return state.held ? { ...state, options: { ...state.options, ...state.held.values }, held: null } : state;
    case 'decline':
      return state.held ? { ...state, held: null } : state;
    case 'dismiss':
      return state.refused ? { ...state, refused: null } : state;
    default:
      return state;
  }
}

/** The fragment for the state: held options stay in it until the reader answers. */
export const linkHash = (state) => toHash(state.held ? { ...state.options, ...state.held.values } : state.options);

/** What the page says of held options: what they cost, and that the reader chooses. */
export const heldText = (held) =>
  `This link asks for ${held.costs.map((c) => c.text).join('; ')}. ` +
  'An evaluation with these options may take minutes or more, so it waits for you.';

/** What the page says of a refused fragment. */
export const refusedText = (refused) =>
  `This link's options take ${refused.chars < 1e6 ? `${Math.ceil(refused.chars / 1024)} KiB` : formatBytes(refused.chars)}, ` +
  `more than the ${MAX_LINK_CHARS / 1024} KiB ` +
  'a link may hold: they were not read, and the page uses the defaults.';
