import MarkdownIt from "markdown-it";

// Raw HTML in posts is shown as text (html: false) and link targets are checked (no javascript: or data:),
// so a post can never carry a script, whoever wrote it.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

const defaultLinkOpen =
  markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = tokens[idx]!.attrGet("href") ?? "";
  if (/^https?:\/\//.test(href)) tokens[idx]!.attrSet("rel", "noopener noreferrer");
  return defaultLinkOpen(tokens, idx, options, env, self);
};

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
