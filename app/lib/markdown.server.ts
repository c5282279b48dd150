import MarkdownIt from "markdown-it";

// Raw HTML in posts is shown as text (html: false) and link targets are checked (no javascript: or data:),
// so a post can never carry a script, whoever wrote it.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });
// Addresses without a scheme ("www.nhs.uk") stay links, as before markdown-it 15 (its linkify-it 6 turned that off).
markdown.linkify.set({ fuzzyLink: true });

const defaultLinkOpen =
  markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  // markdown-it 15 types an attribute as a string or a number; a link's href is always text.
  const href = String(tokens[idx]!.attrGet("href") ?? "");
  if (/^https?:\/\//.test(href)) tokens[idx]!.attrSet("rel", "noopener noreferrer");
  return defaultLinkOpen(tokens, idx, options, env, self);
};

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
