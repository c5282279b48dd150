/** The header's links (docs/product/specification.md §2); the side menu adds Cart. */
export const mainLinks = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/blog", label: "Blogs" },
  { to: "/contactus", label: "Contact us" },
] as const;
