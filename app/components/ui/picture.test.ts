import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Picture } from "./picture";
import { DEFAULT_IMAGE, ProductImage } from "./product-image";

const upload = "/uploads/0123456789abcdef0123456789abcdef.jpg";
const sizes = "(min-width: 768px) 540px, 100vw";

/** The elements of server-rendered markup, in order, with their attributes. */
function elements(element: ReactElement) {
  const markup = renderToStaticMarkup(element);
  return [...markup.matchAll(/<(\w+)([^>]*?)\/?>/g)].map(([, tag, attributes]) => ({
    tag,
    ...Object.fromEntries([...attributes!.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value])),
  }));
}

describe("pictures of uploads", () => {
  it("renders an upload as a picture with AVIF and WebP sources at every width, and the original as the fallback", () => {
    const widths = (extension: string) =>
      [320, 640, 960, 1280].map((w) => `/uploads/0123456789abcdef0123456789abcdef-${w}.${extension} ${w}w`).join(", ");
    expect(
      elements(
        createElement(ProductImage, {
          src: upload,
          alt: "Blue Razz",
          sizes,
          width: 600,
          height: 600,
          fetchPriority: "high",
        }),
      ),
    ).toEqual([
      { tag: "picture", class: "contents" },
      { tag: "source", type: "image/avif", srcSet: widths("avif"), sizes },
      { tag: "source", type: "image/webp", srcSet: widths("webp"), sizes },
      { tag: "img", src: upload, alt: "Blue Razz", width: "600", height: "600", fetchPriority: "high" },
    ]);
  });

  it("renders anything else (an SVG, no image) as a plain image, lazy where asked", () => {
    expect(elements(createElement(Picture, { src: "/images/blog/tips.svg", alt: "", sizes, loading: "lazy" }))).toEqual(
      [{ tag: "img", src: "/images/blog/tips.svg", alt: "", loading: "lazy" }],
    );
    expect(
      elements(
        createElement(ProductImage, {
          src: null,
          alt: "Blue Razz",
          sizes: "80px",
          width: 80,
          height: 80,
          loading: "lazy",
        }),
      ),
    ).toEqual([
      { tag: "img", src: DEFAULT_IMAGE, alt: "Default product image", width: "80", height: "80", loading: "lazy" },
    ]);
  });
});
