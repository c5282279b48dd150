import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("products", "routes/products.tsx"),
  route("productdetail/:id", "routes/product-detail.tsx"),
  route("flavour/:id", "routes/flavour-detail.tsx"),
  route("flavours", "routes/flavours.tsx"),
  route("about", "routes/about.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/:slug", "routes/blog-post.tsx"),
  route("blogdetail", "routes/blogdetail.tsx"),
  route("contactus", "routes/contactus.tsx"),
  route("api/contact", "routes/api.contact.ts"),
  route("search", "routes/search.tsx"),
  route("info/:slug", "routes/info.tsx"),
  route("age-check", "routes/age-check.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
