// Writes what is made from the core's option table (CE_OPTION_MAP in clustereval.h), read
// through the wasm core's binding: the page's table (web/src/option-table.js), the typed
// options of the worker protocol (wasm/protocol.js) and of the npm package (npm/index.d.ts),
// and the manual's reference (docs/options.md). Needs `make wasm` first.
//
//   node scripts/gen-options.mjs          write the files (make options)
//   node scripts/gen-options.mjs --check  exit 1, naming the files, when one differs
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadCore } from '../wasm/load-node.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const GENERATED = 'made from the core\'s option table by scripts/gen-options.mjs; do not edit';


/** A bound as a person reads it (1e-9, 1000000000). */
const number = (value) => String(value);

/** The values an option takes, in words: "a whole number from 1 to 100000". */
export function valuesText(row) {
  if (row.kind === 'flag') return row.max > 1 ? `0, 1 or ${row.max}` : 'yes or no';
  if (row.kind === 'choice') return row.choices.map((c) => `\`${c}\``).join(', ');
  const whole = row.kind === 'integer' ? 'a whole number' : 'a number';
  return `${whole} from ${number(row.min)} to ${number(row.max)}`;
}

/** The option's type in TypeScript. */
const tsType = (row) => {
  if (row.kind === 'choice') return row.choices.map((c) => `'${c}'`).join(' | ');
  if (row.kind !== 'flag') return 'number';
  // A flag with values past 1 (detail: 2, the per-item rows apart) takes them as numbers.
  const more = Array.from({ length: Math.max(0, row.max - 1) }, (_, v) => v + 2);
  return ['boolean', ...more].join(' | ');
};

const defaultText = (row) => (row.kind === 'flag' ? (row.default ? 'on' : 'off') : String(row.default));

/** The command line's flag: the id with '-' for '_'; a flag on by default is turned off. */
export const cliFlag = (row) => {
  const flag = row.id.replaceAll('_', '-');
  if (row.kind !== 'flag') return `--${flag} ${row.kind === 'choice' ? 'C' : row.kind === 'integer' ? 'N' : 'X'}`;
  return row.default ? `--no-${flag}` : `--${flag}`;
};

function protocolRegion(table) {
  const lines = ['/**', ' * The core\'s options by id; every one may be left out for its default.', ' * @typedef {Object} CoreOptions'];
  for (const row of table)
    lines.push(` * @property {${tsType(row)}} [${row.id}] ${row.help} (default ${defaultText(row)})`);
  lines.push(' */');
  return lines.join('\n');
}

function typesRegion(table) {
  const lines = ['/** The core\'s options by id, as the command line\'s long names with underscores. */', 'export interface CoreOptions {'];
  for (const row of table) {
    lines.push(`  /** ${row.help}; ${valuesText(row).replaceAll('`', '')}, default ${defaultText(row)}. */`);
    lines.push(`  ${row.id}?: ${tsType(row)};`);
  }
  lines.push('}');
  return lines.join('\n');
}

function pageTable(table) {
  return [
    "// The core's option table (CE_OPTION_MAP in clustereval.h), one row a line; made by",
    '// scripts/gen-options.mjs: do not edit.',
    '// The page makes its option fields, their checks, defaults and link keys from it.',
    '',
    'export const OPTION_TABLE = [',
    ...table.map((row) => `  ${JSON.stringify(row)},`),
    '];',
    '',
  ].join('\n');
}

function manual(table) {
  const out = [
    '# Options',
    '',
    `<!-- ${GENERATED} (make options) -->`,
    '',
    'Every option that changes the numbers is one row of the core\'s option table',
    '(`CE_OPTION_MAP` in `core/include/clustereval.h`), and has one spelling, its id:',
    '',
    '- the command line: `--` and the id with `-` for `_` (`--min-share 0.5`); a yes/no option',
    '  `x` is `--x`, and `--no-x` turns it off (`--no-token-check`);',
    '- Python and npm: the id as a keyword or key (`min_share=0.5`, `{min_share: 0.5}`);',
    '  `clustereval.OPTIONS` (Python) and `catalog().optionTable` (npm) hold this table;',
    '- the JSON result: `"options"` echoes every one by its id (a choice by its name, a yes/no',
    '  option as true or false), so that a result says how it was made;',
    '- the page: its fields, and the link it keeps in its address (`#min_share=0.5&nmi_mean=geometric`).',
    '',
    '`clustereval --help` prints the same table. Options that are not numbers (excluded labels,',
    'the unclustered label, label maps, baselines) are the command line\'s and the bindings\' own:',
    'see [the command line](cli.md).',
    '',
  ];
  const groups = [...new Map(table.map((row) => [row.group, row.groupTitle])).entries()];
  for (const [group, title] of groups) {
    out.push(`## ${title}`, '', '| id | command line | values | default | what it does |', '|---|---|---|---|---|');
    for (const row of table.filter((r) => r.group === group)) {
      const help = row.help.replaceAll('|', '\\|');
      out.push(`| \`${row.id}\` | \`${cliFlag(row)}\` | ${valuesText(row)} | ${defaultText(row)} | ${help} |`);
    }
    out.push('');
  }
  return out.join('\n');
}

/** Replaces the text between the BEGIN and END lines of `name` in `text`. */
function withRegion(text, name, region, file) {
  const begin = text.match(new RegExp(`^.*BEGIN ${name}:.*$`, 'm'));
  const end = text.match(new RegExp(`^.*END ${name}$`, 'm'));
  if (!begin || !end || end.index < begin.index) throw new Error(`${file}: no BEGIN ${name} … END ${name} lines`);
  const from = begin.index + begin[0].length + 1;
  return `${text.slice(0, from)}${region}\n${text.slice(end.index)}`;
}

/** Each generated file with the text it should hold. */
export function expectedFiles(table) {
  const read = (path) => readFileSync(`${root}${path}`, 'utf8');
  return {
    'web/src/option-table.js': pageTable(table),
    'docs/options.md': manual(table),
    'wasm/protocol.js': withRegion(read('wasm/protocol.js'), 'CoreOptions', protocolRegion(table), 'wasm/protocol.js'),
    'npm/index.d.ts': withRegion(read('npm/index.d.ts'), 'CoreOptions', typesRegion(table), 'npm/index.d.ts'),
  };
}

async function main() {
  const check = process.argv.includes('--check');
  const files = expectedFiles((await loadCore()).optionTable);
  const stale = [];
  for (const [path, text] of Object.entries(files)) {
    const now = existsSync(`${root}${path}`) ? readFileSync(`${root}${path}`, 'utf8') : null;
    if (now === text) continue;
    if (check) stale.push(path);
    else writeFileSync(`${root}${path}`, text);
  }
  if (stale.length) {
    console.error(`not made from the option table as it stands: ${stale.join(', ')}\nrun: make options`);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
