import { describe, expect, it } from "vitest";
import { render } from "@testing-library/react";
import { Markup, markupTitle, parseMarkup } from "./markup.tsx";

const text = (value: string) => ({ type: "text", text: value });

describe("the notification markup", () => {
  it("splits paragraphs at [break] and turns ##text## into a heading", () => {
    expect(parseMarkup("##Live scores##[break]First part.[break]Second part.")).toEqual([
      { type: "heading", children: [text("Live scores")] },
      { type: "paragraph", children: [text("First part.")] },
      { type: "paragraph", children: [text("Second part.")] },
    ]);
  });

  it("finds a heading between the texts of one part", () => {
    expect(parseMarkup("Before ##Title## after")).toEqual([
      { type: "paragraph", children: [text("Before")] },
      { type: "heading", children: [text("Title")] },
      { type: "paragraph", children: [text("after")] },
    ]);
  });

  it("marks *bold* and _italic_, also inside each other", () => {
    expect(parseMarkup("Now *20-second clips* under _Sequences_ and *very _much_ so*.")).toEqual([
      {
        type: "paragraph",
        children: [
          text("Now "),
          { type: "bold", children: [text("20-second clips")] },
          text(" under "),
          { type: "italic", children: [text("Sequences")] },
          text(" and "),
          { type: "bold", children: [text("very "), { type: "italic", children: [text("much")] }, text(" so")] },
          text("."),
        ],
      },
    ]);
  });

  it("leaves markers inside words, lone markers and empty parts as they are", () => {
    expect(parseMarkup("snake_case_name, 3 * 4 = 12, a_b *[break][break]")).toEqual([
      { type: "paragraph", children: [text("snake_case_name, 3 * 4 = 12, a_b *")] },
    ]);
  });

  it("renders headings, paragraphs, bold and italic as elements", () => {
    const { container } = render(<Markup content="##Annotations##[break]Mark *moments* in _any_ match." />);
    expect(container.querySelector("h3")?.textContent).toBe("Annotations");
    expect(container.querySelector("p strong")?.textContent).toBe("moments");
    expect(container.querySelector("p em")?.textContent).toBe("any");
  });

  it("shows script tags and HTML as text, never as markup", () => {
    const hostile =
      '##<img src=x onerror="alert(1)">##[break]<script>alert("x")</script> *<b>bold</b>* _<a href="javascript:alert(2)">link</a>_';
    const { container } = render(<Markup content={hostile} />);
    expect(container.querySelector("script, img, b, a, iframe")).toBeNull();
    expect(container.querySelector("h3")?.textContent).toBe('<img src=x onerror="alert(1)">');
    expect(container.querySelector("p")?.textContent).toBe(
      '<script>alert("x")</script> <b>bold</b> <a href="javascript:alert(2)">link</a>',
    );
    expect(container.querySelector("strong")?.textContent).toBe("<b>bold</b>");
    expect(container.innerHTML).toContain("&lt;script&gt;");
  });

  it("titles an update by its first heading, else by its opening words", () => {
    expect(markupTitle("##Offline *recordings*##[break]Text")).toBe("Offline recordings");
    expect(markupTitle("Just a *short* note")).toBe("Just a short note");
    expect(markupTitle("word ".repeat(30), 20)).toBe("word word word word…");
  });
});
