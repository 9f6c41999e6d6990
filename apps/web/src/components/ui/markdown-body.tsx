import { attachmentMarkNumber } from '@daybook/shared';
import { Paperclip } from 'lucide-react';
import type { Definition, ListItem, Nodes, Parents, Root, Table, TableRow } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { createElement, Fragment, type ReactNode, useId, useMemo } from 'react';
import { cn } from '../../lib/cn.ts';
import type { MarkdownTextProps } from './markdown-props.ts';

/*
 * The parser's syntax tree drawn as React elements, never as an HTML string: HTML in the text is a node whose
 * text is shown as written, and only our own elements reach the page. This module and the parser are one chunk
 * that loads when the first entry with markup is drawn (ADR 064).
 */

/** What a link may open; anything else (javascript:, data:, a relative path) is drawn as its text only. */
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * A link between imported entries leads inside the app (ADR 088): `/entry/dayone/<uuid>`, opened in this tab. No
 * other relative address is followed.
 */
const APP_ENTRY_LINK = /^\/entry\/(?:dayone|daybook)\/[0-9A-Za-z-]{1,100}$/;

function safeHref(url: string): string | null {
  if (APP_ENTRY_LINK.test(url)) return url;
  try {
    return SAFE_PROTOCOLS.has(new URL(url).protocol) ? url : null;
  } catch {
    return null;
  }
}

type DrawContext = {
  renderText: (text: string) => ReactNode;
  headingLevel: number;
  definitions: ReadonlyMap<string, Definition>;
  /** Makes the ids task items name their checkboxes by, unique on the page. */
  idPrefix: string;
};

const HEADING_CLASSES = [
  'text-lg font-semibold',
  'text-base font-semibold',
  'text-base font-medium',
] as const;

const BLOCKS = new Set(['paragraph', 'heading', 'code', 'listItem', 'tableRow', 'thematicBreak']);

function collectDefinitions(node: Nodes, into: Map<string, Definition>): Map<string, Definition> {
  if (node.type === 'definition') into.set(node.identifier, node);
  if ('children' in node) for (const child of node.children) collectDefinitions(child, into);
  return into;
}

/**
 * The tree up to `maxChars` characters as read, "..." where the cut falls (docs/product/entries.md#entries-list's 200). A block counts one
 * character, the line between it and the one before, as in `markdownToPlainText`.
 */
function cutTree(root: Root, maxChars: number): Root {
  let charsLeft = maxChars + 1; // the first block has no line before it
  let isCut = false;
  const keep = (text: string) => {
    if (text.length <= charsLeft) {
      charsLeft -= text.length;
      return text;
    }
    isCut = true;
    return `${text.slice(0, charsLeft).trimEnd()}...`;
  };
  const visit = (node: Nodes): Nodes | null => {
    if (isCut) return null;
    if (BLOCKS.has(node.type) && charsLeft > 0) charsLeft -= 1;
    if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code' || node.type === 'html') {
      return { ...node, value: keep(node.value) };
    }
    if (node.type === 'image' || node.type === 'imageReference')
      return { ...node, alt: keep(node.alt ?? '') };
    if (!('children' in node)) return node;
    const children: Nodes[] = [];
    for (const child of node.children) {
      const kept = visit(child);
      if (kept) children.push(kept);
    }
    return { ...node, children } as Nodes;
  };
  return visit(root) as Root;
}

function drawChildren(parent: Parents, context: DrawContext, path: string, isTight = false): ReactNode[] {
  return parent.children.map((child, index) => {
    const childPath = `${path}.${index}`;
    // An HTML block (a line that starts with a tag) is a block of text, with its lines.
    if (child.type === 'html' && !PHRASING_PARENTS.has(parent.type)) {
      return (
        <p key={childPath} className="whitespace-pre-line">
          {context.renderText(child.value)}
        </p>
      );
    }
    return draw(child, context, childPath, isTight);
  });
}

const PHRASING_PARENTS = new Set([
  'paragraph',
  'heading',
  'emphasis',
  'strong',
  'delete',
  'link',
  'linkReference',
  'tableCell',
]);

const showAsIs = (text: string): ReactNode => text;

/** Inside a link, text is only text: a hashtag button there would be a control inside a control. */
const inLink = (context: DrawContext): DrawContext => ({ ...context, renderText: showAsIs });

/** One node of the tree, keyed by its path from the root (stable: the tree of one text never reorders). */
function draw(node: Nodes, context: DrawContext, path: string, isTight: boolean): ReactNode {
  const key = path;
  switch (node.type) {
    case 'root':
      return drawChildren(node, context, path);
    case 'paragraph': {
      const content = drawChildren(node, context, path);
      // A tight list's items are lines, not paragraphs (as CommonMark renders them).
      return isTight ? (
        <Fragment key={key}>{content}</Fragment>
      ) : (
        <p key={key} className="whitespace-pre-line">
          {content}
        </p>
      );
    }
    case 'heading':
      return createElement(
        `h${Math.min(context.headingLevel + node.depth - 1, 6)}`,
        { key, className: HEADING_CLASSES[Math.min(node.depth, 3) - 1] },
        drawChildren(node, context, path),
      );
    case 'text':
    case 'html':
      // HTML in the text is shown as the text it is.
      return <Fragment key={key}>{context.renderText(node.value)}</Fragment>;
    case 'emphasis':
      return <em key={key}>{drawChildren(node, context, path)}</em>;
    case 'strong':
      return (
        <strong key={key} className="font-semibold">
          {drawChildren(node, context, path)}
        </strong>
      );
    case 'delete':
      return <del key={key}>{drawChildren(node, context, path)}</del>;
    case 'inlineCode':
      return (
        <code key={key} className="rounded bg-muted px-1 py-0.5 font-mono text-[0.9em]">
          {node.value}
        </code>
      );
    case 'code':
      return (
        <pre key={key} className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-sm">
          <code>{node.value}</code>
        </pre>
      );
    case 'break':
      return <br key={key} />;
    case 'thematicBreak':
      return <hr key={key} className="border-border" />;
    case 'blockquote':
      return (
        <blockquote
          key={key}
          className="flex flex-col gap-2 border-l-4 border-primary/40 pl-3 text-muted-foreground"
        >
          {drawChildren(node, context, path)}
        </blockquote>
      );
    case 'list': {
      const items = drawChildren(node, context, path, !node.spread);
      return node.ordered ? (
        <ol key={key} start={node.start ?? undefined} className="flex list-decimal flex-col gap-1 pl-6">
          {items}
        </ol>
      ) : (
        <ul key={key} className="flex list-disc flex-col gap-1 pl-6">
          {items}
        </ul>
      );
    }
    case 'listItem':
      return typeof node.checked === 'boolean' ? (
        drawTaskItem(node, context, path, isTight)
      ) : (
        <li key={key} className="marker:text-muted-foreground">
          {drawChildren(node, context, path, isTight && !node.spread)}
        </li>
      );
    case 'link':
      return drawLink(key, node.url, node.title, drawChildren(node, inLink(context), path));
    case 'linkReference': {
      const definition = context.definitions.get(node.identifier);
      const content = drawChildren(node, inLink(context), path);
      return definition ? drawLink(key, definition.url, definition.title, content) : content;
    }
    // Pictures are not fetched: an address in a shared entry would tell its owner when the entry is read, and
    // the page's policy allows our own images only. The description stays, linked to the picture.
    case 'image':
      // Where an imported entry's attachment sat in its text (ADR 088): a marker naming it as the gallery does.
      if (attachmentMarkNumber(node.url) !== null)
        return (
          <span
            key={key}
            data-attachment-mark={attachmentMarkNumber(node.url)}
            className="inline-flex items-center gap-1 rounded-md bg-muted px-1.5 text-sm font-medium text-muted-foreground [&_svg]:size-3.5"
          >
            <Paperclip aria-hidden="true" />
            {node.alt}
          </span>
        );
      return drawLink(key, node.url, node.title, node.alt);
    case 'imageReference': {
      const definition = context.definitions.get(node.identifier);
      return definition ? drawLink(key, definition.url, definition.title, node.alt) : node.alt;
    }
    case 'table':
      return drawTable(node, context, path);
    case 'footnoteReference':
      return <sup key={key}>[{node.label ?? node.identifier}]</sup>;
    case 'footnoteDefinition':
      return (
        <div key={key} className="flex gap-1 text-sm text-muted-foreground">
          <sup>[{node.label ?? node.identifier}]</sup>
          <div>{drawChildren(node, context, path)}</div>
        </div>
      );
    default:
      // Definitions hold no text; the rest (front matter, MDX) is not parsed with these extensions.
      return null;
  }
}

function drawLink(key: string, url: string, title: string | null | undefined, content: ReactNode): ReactNode {
  const href = safeHref(url);
  if (!href) return <Fragment key={key}>{content}</Fragment>;
  if (href.startsWith('/'))
    return (
      <a
        key={key}
        href={href}
        title={title ?? undefined}
        className="font-medium text-primary underline underline-offset-4"
      >
        {content}
      </a>
    );
  return (
    <a
      key={key}
      href={href}
      title={title ?? undefined}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-primary underline underline-offset-4"
    >
      {content}
    </a>
  );
}

/** A GitHub task: a read-only checkbox named by the item's own text. */
function drawTaskItem(item: ListItem, context: DrawContext, path: string, isTight: boolean): ReactNode {
  const labelId = `${context.idPrefix}${path}`;
  return (
    <li key={path} className="-ml-6 flex list-none items-start gap-2">
      <input
        type="checkbox"
        checked={item.checked === true}
        disabled
        readOnly
        aria-labelledby={labelId}
        className="mt-1 size-4 shrink-0 rounded border-input accent-primary"
      />
      <div
        id={labelId}
        className={cn('flex flex-col gap-1', item.checked && 'text-muted-foreground line-through')}
      >
        {drawChildren(item, context, path, isTight && !item.spread)}
      </div>
    </li>
  );
}

function drawTable(table: Table, context: DrawContext, path: string): ReactNode {
  const [head, ...body] = table.children;
  const cells = (row: TableRow, rowPath: string, Tag: 'th' | 'td') =>
    row.children.map((cell, index) => (
      <Tag
        // biome-ignore lint/suspicious/noArrayIndexKey: the cells of one parsed row, in a fixed order.
        key={index}
        style={{ textAlign: table.align?.[index] ?? undefined }}
        className="border border-border px-2 py-1"
      >
        {drawChildren(cell, context, `${rowPath}.${index}`)}
      </Tag>
    ));
  return (
    <div key={path} className="overflow-x-auto">
      <table className="border-collapse text-sm">
        {head ? (
          <thead className="bg-muted font-semibold">
            <tr>{cells(head, `${path}.0`, 'th')}</tr>
          </thead>
        ) : null}
        <tbody>
          {body.map((row, index) => {
            const rowPath = `${path}.${index + 1}`;
            return <tr key={rowPath}>{cells(row, rowPath, 'td')}</tr>;
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The lazy half of `MarkdownText`: parses the text and draws it, cut after `maxChars` characters as read. */
export default function MarkdownBody({
  text,
  maxChars,
  renderText = showAsIs,
  headingLevel,
  id,
  className,
}: MarkdownTextProps) {
  const idPrefix = useId();
  const tree = useMemo(
    () => fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }),
    [text],
  );
  const definitions = useMemo(() => collectDefinitions(tree, new Map()), [tree]);
  const shown = useMemo(() => (maxChars === undefined ? tree : cutTree(tree, maxChars)), [tree, maxChars]);
  const context: DrawContext = { renderText, headingLevel, definitions, idPrefix };
  return (
    <div id={id} className={cn('flex flex-col gap-2 break-words', className)}>
      {draw(shown, context, 'md', false)}
    </div>
  );
}
