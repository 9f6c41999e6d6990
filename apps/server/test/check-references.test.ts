import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scriptOnScratchTrees } from './support/script-scratch.ts';

// scripts/check-references.mjs run against a scratch tree: each kind of reference to a document outside the
// repository, or to a section or record that does not exist, fails by its rule and file:line (ADR 091).
const scratch = scriptOnScratchTrees('check-references.mjs', 'daybook-references-');
const run = scratch.run;

const PRODUCT_ENTRIES = [
  '# Entries',
  '',
  '<a id="entries-limits"></a>',
  '## Limits',
  '',
  'See [the list](#entries-list).',
  '',
  '<a id="entries-list"></a>',
  '## The entry list',
  '',
].join('\n');
const PRODUCT_SHARING = '# Sharing\n\n<a id="sharing-limits"></a>\n## Limits\n';
const DESIGN = '# Design\n\n<a id="design-encryption"></a>\n## Encryption\n\n<a id="design-ai"></a>\n## AI\n';

/** A tiny repository: two product pages, a design page, one decision record, and `extra`. */
function scratchTree(extra: Record<string, string>) {
  const files: Record<string, string> = {
    'docs/product/entries.md': PRODUCT_ENTRIES,
    'docs/product/sharing.md': PRODUCT_SHARING,
    'docs/design.md': DESIGN,
    'docs/decisions/063-moderation.md': '# 063 Moderation\n\nStatus: Accepted (issue 28)\n',
    'docs/decisions/091-references.md': '# 091 References\n',
    ...extra,
  };
  return scratch.tree(files);
}

describe('scripts/check-references.mjs', () => {
  it('passes references to product sections, design sections and records that exist', () => {
    const dir = scratchTree({
      'apps/server/src/entries.ts': [
        '/** At most 5,000 characters (docs/product/entries.md#entries-limits, ADR 063). */',
        '// The salt (docs/design.md#design-encryption); the page itself: docs/product/sharing.md.',
        '// RFC 8030 §7.3 and WebAuthn §6.1.1 cite standards, not the old specification; the spec means docs/product.',
        'export const x = 1;',
      ].join('\n'),
      'docs/decisions/100-notes.md':
        '# 100\n\nAnswers issue 28 ([limits](../product/entries.md#entries-limits), [AI](../design.md#design-ai), ADRs 063 and 091).\n',
      'docs/decisions/063-moderation.md': '# 063 Moderation\n\nStatus: Accepted (issue 28)\n',
    });
    const result = run(dir);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it.each([
    [
      'a numbered section of the old specification',
      '// Five recipients (spec §9).',
      'references/spec-section',
    ],
    ['a section number alone', '// as the check-subscription call (§7) answers', 'references/spec-section'],
    ['a section cited as "spec 2"', '// the upgrade target (spec 2)', 'references/spec-section'],
    ['the old specification by file name', '// see accounts-plans-dashboard', 'references/spec-document'],
    ['the design notes by name', '// the salt (DESIGN.md "Encryption")', 'references/design-notes'],
    ['the design notes in words', '// as the design notes say', 'references/design-notes'],
    ['an issue number', '// asked by issue 25 item 12', 'references/issue'],
    ['a path outside the repository', '// read ../shared/spec/entries.md', 'references/outside-path'],
    [
      'a product section id that does not exist',
      '// docs/product/entries.md#entries-limit',
      'references/product-id',
    ],
    [
      'a product page that does not exist',
      '// docs/product/entry.md#entries-limits',
      'references/product-id',
    ],
    ['a design section id that does not exist', '// docs/design.md#design-nothing', 'references/product-id'],
    ['an ADR that does not exist', '// decided in ADR 064', 'references/adr'],
    ['one ADR of a list that does not exist', '// ADRs 063, 090 and 091', 'references/adr'],
  ])('fails on %s, naming the rule and file:line', (_what, line, rule) => {
    const dir = scratchTree({ 'apps/web/src/lib/thing.ts': `export const a = 1;\n${line}\n` });
    const result = run(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`apps/web/src/lib/thing.ts:2: ${rule}`);
  });

  it('fails on a link from a Markdown page to a section id that does not exist, and on an id used twice', () => {
    const dir = scratchTree({
      'docs/ARCHITECTURE.md': '# Architecture\n\nThe [limits](product/entries.md#entries-gone).\n',
      'docs/product/entries.md': `${PRODUCT_ENTRIES}\nAnd [gone](#entries-gone).\n`,
      'docs/product/sharing.md': `${PRODUCT_SHARING}\n<a id="entries-list"></a>\n## Again\n`,
    });
    const result = run(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('docs/ARCHITECTURE.md:3: references/product-id');
    expect(result.stderr).toContain('docs/product/entries.md:11: references/product-id: #entries-gone');
    expect(result.stderr).toContain('references/duplicate-id: "entries-list"');
  });

  it('keeps issue numbers in decision records, where they say which request a record answered', () => {
    const dir = scratchTree({
      'docs/decisions/063-moderation.md': '# 063\n\nStatus: Accepted (issue 28 item 2)\n',
    });
    expect(run(dir).status).toBe(0);
  });

  it('--fix rewrites the old forms by topic and path, links from Markdown, and changes nothing on a second run', () => {
    const dir = scratchTree({
      'apps/server/src/modules/sharing/service.ts': [
        '/** Sharing limits (spec §9, DESIGN.md "Encryption"; issue 28). */',
        '// Checked first (issue 28, ADR 063); a note of its own (spec §2, §5).',
        'export const y = 2;',
      ].join('\n'),
      'docs/notes.md': 'Entries are cut at 200 characters (spec\n§9) in the list.\n',
    });
    const fixed = run(dir, '--fix');
    expect(fixed.stderr).toBe('');
    expect(fixed.status).toBe(0);
    const code = readFileSync(join(dir, 'apps/server/src/modules/sharing/service.ts'), 'utf8');
    expect(code).toContain(
      '/** Sharing limits (docs/product/sharing.md#sharing-limits, docs/design.md#design-encryption; ADR 063). */',
    );
    expect(code).toContain(
      '// Checked first (ADR 063); a note of its own (docs/product/sharing.md#sharing-limits).',
    );
    const markdown = readFileSync(join(dir, 'docs/notes.md'), 'utf8');
    expect(markdown).toBe(
      'Entries are cut at 200 characters (\n[Entries: The entry list](product/entries.md#entries-list)) in the list.\n',
    );

    expect(run(dir).status).toBe(0);
    expect(run(dir, '--fix').status).toBe(0);
    expect(readFileSync(join(dir, 'apps/server/src/modules/sharing/service.ts'), 'utf8')).toBe(code);
    expect(readFileSync(join(dir, 'docs/notes.md'), 'utf8')).toBe(markdown);
  });

  it('--fix leaves what it cannot map, and says so', () => {
    const dir = scratchTree({ 'apps/web/src/lib/thing.ts': '// asked by issue 99\nexport const a = 1;\n' });
    const result = run(dir, '--fix');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('apps/web/src/lib/thing.ts:1: references/issue');
    expect(readFileSync(join(dir, 'apps/web/src/lib/thing.ts'), 'utf8')).toContain('issue 99');
  });
});
