// The feature updates' content markup (spec section 2): [break] for a paragraph
// break, ##text## for a heading, *text* for bold and _text_ for italic. It is
// parsed into a small tree and rendered as React elements, so whatever else the
// text holds (HTML, script tags) is only ever shown as text.
import type { ReactNode } from "react";

export type Inline =
  { type: "text"; text: string } | { type: "bold"; children: Inline[] } | { type: "italic"; children: Inline[] };

export type Block = { type: "heading"; children: Inline[] } | { type: "paragraph"; children: Inline[] };

const BREAK = "[break]";
const HEADING = /##(.+?)##/gs;
const EMPHASIS: Record<"*" | "_", "bold" | "italic"> = { "*": "bold", _: "italic" };
type Marker = keyof typeof EMPHASIS;

/**
 * A marked span: the marker, then text that neither starts nor ends with a
 * space, then the same marker; not inside a word, so snake_case stays as it is.
 */
function spanPattern(markers: readonly Marker[]): RegExp {
  // Neither marker needs escaping inside a character class.
  const set = markers.join("");
  return new RegExp(`(?<![\\p{L}\\p{N}])([${set}])(?=\\S)(.*?\\S)\\1(?![\\p{L}\\p{N}])`, "su");
}

/** Bold and italic may hold each other, never themselves. */
function parseInline(text: string, markers: readonly Marker[] = ["*", "_"]): Inline[] {
  const nodes: Inline[] = [];
  let rest = text;
  const pattern = spanPattern(markers);
  for (let found = pattern.exec(rest); found; found = pattern.exec(rest)) {
    const [whole, marker, inner] = found as unknown as [string, Marker, string];
    if (found.index > 0) nodes.push({ type: "text", text: rest.slice(0, found.index) });
    nodes.push({
      type: EMPHASIS[marker],
      children: parseInline(
        inner,
        markers.filter((other) => other !== marker),
      ),
    });
    rest = rest.slice(found.index + whole.length);
  }
  if (rest) nodes.push({ type: "text", text: rest });
  return nodes;
}

/** The blocks of one [break]-separated part: its ##headings## and the text between them. */
function parsePart(part: string): Block[] {
  const blocks: Block[] = [];
  let last = 0;
  const paragraph = (text: string) => {
    if (text.trim()) blocks.push({ type: "paragraph", children: parseInline(text.trim()) });
  };
  for (const found of part.matchAll(HEADING)) {
    paragraph(part.slice(last, found.index));
    blocks.push({ type: "heading", children: parseInline(found[1]!.trim()) });
    last = found.index + found[0].length;
  }
  paragraph(part.slice(last));
  return blocks;
}

export function parseMarkup(content: string): Block[] {
  return content.split(BREAK).flatMap(parsePart);
}

function renderInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (node.type === "text") return node.text;
    const Tag = node.type === "bold" ? "strong" : "em";
    return <Tag key={index}>{renderInline(node.children)}</Tag>;
  });
}

/** The content as headings and paragraphs; `headingLevel` fits the heading into the surrounding page. */
export function Markup({ content, headingLevel = 3 }: { content: string; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <div className="markup">
      {parseMarkup(content).map((block, index) =>
        block.type === "heading" ? (
          <Heading key={index} className="markup__heading">
            {renderInline(block.children)}
          </Heading>
        ) : (
          <p key={index} className="markup__paragraph">
            {renderInline(block.children)}
          </p>
        ),
      )}
    </div>
  );
}

/** The first heading's text (the item's title in a list), else the start of the text. */
export function markupTitle(content: string, fallbackLength = 60): string {
  const blocks = parseMarkup(content);
  const plain = (nodes: Inline[]): string =>
    nodes.map((node) => (node.type === "text" ? node.text : plain(node.children))).join("");
  const heading = blocks.find((block) => block.type === "heading");
  if (heading) return plain(heading.children);
  const text = blocks.map((block) => plain(block.children)).join(" ");
  return text.length > fallbackLength ? `${text.slice(0, fallbackLength - 1).trimEnd()}…` : text;
}
