import { Link } from "react-router";

export type TeaserPost = { title: string; excerpt: string; image: string; href: string };

/** Three blog cards on the home page. */
export function BlogTeaser({ posts }: { posts: TeaserPost[] }) {
  return (
    <section aria-labelledby="blog-teaser-title" className="container-page py-12">
      <h2 id="blog-teaser-title" className="text-2xl font-bold">From the blog</h2>
      <div className="mt-6 grid gap-4 md:grid-cols-3">
        {posts.map((post) => (
          <article key={post.title} className="relative overflow-hidden rounded-2xl border border-slate-200">
            <img src={post.image} alt="" width={600} height={340} loading="lazy" className="aspect-video w-full object-cover" />
            <div className="p-5">
              <h3 className="font-bold">
                <Link to={post.href} className="after:absolute after:inset-0 hover:underline">{post.title}</Link>
              </h3>
              <p className="mt-2 text-sm text-slate-600">{post.excerpt}</p>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
