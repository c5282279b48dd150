import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { can, permissionNames, staffRoles, type StaffRole } from "~/modules/accounts/permissions";
import * as adminLayout from "~/routes/admin/layout";

// The back office's frame shows a member of staff only the sections their roles open (issue 63), names their roles
// beside their name, and keeps them in the frame when a page refuses them (403).

/** What the layout's loader sends for a member of staff with these roles. */
const frameData = (name: string, ...roles: StaffRole[]) => {
  const member = { role: "staff", staffRoles: roles };
  return {
    staffName: name,
    staffRoles: roles.map((r) => staffRoles[r].label),
    permissions: permissionNames.filter((p) => can(member, p)),
  };
};

type Props = { loaderData: ReturnType<typeof frameData>; error?: unknown };
const render = (component: unknown, props: Props) => {
  const Stub = createRoutesStub([
    { path: "/admin", Component: () => createElement(component as never, { ...props, params: {} } as never) },
  ]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/admin"] }));
};

/** The links (role "link") inside the navigation landmark named "Back office", by their accessible name. */
function sectionLinks(html: string): string[] {
  const nav = /<nav aria-label="Back office"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1];
  if (nav === undefined) throw new Error("no navigation named Back office");
  // Each section is in the menu (narrow screens) and the tabs (wide): one name per section.
  const names = [...nav.matchAll(/<a [^>]*href="[^"]*"[^>]*>([^<]*)<\/a>/g)].map((m) => m[1]!);
  return [...new Set(names)];
}

const everySection = [
  "Dashboard",
  "Orders",
  "Reports",
  "Returns",
  "Take-backs",
  "Shipping",
  "Devices",
  "Flavours",
  "MHRA list",
  "Goods in",
  "Messages",
  "Mail",
  "Customers",
  "Age checks",
  "Blog",
  "Reviews",
  "About page",
  "Staff",
  "Audit log",
];

describe("the back office's frame", () => {
  it("shows a packer the dashboard and orders only, and names their role beside their name", () => {
    const html = render(adminLayout.default, { loaderData: frameData("Sam Lee", "packer") });
    expect(sectionLinks(html)).toEqual(["Dashboard", "Orders"]);
    expect(html).toContain("Signed in as Sam Lee · Packer");
  });

  it("shows an age checker the dashboard and the age checks only", () => {
    const html = render(adminLayout.default, { loaderData: frameData("Ali Khan", "age-checker") });
    expect(sectionLinks(html)).toEqual(["Dashboard", "Age checks"]);
    expect(html).toContain("Signed in as Ali Khan · Age checker");
  });

  it("shows a manager everything but the age checks, Staff and the audit log", () => {
    const html = render(adminLayout.default, { loaderData: frameData("Mo Ray", "manager") });
    expect(sectionLinks(html)).toEqual(everySection.filter((s) => !["Age checks", "Staff", "Audit log"].includes(s)));
  });

  it("shows the owner every section, Staff and the audit log among them, at their pages", () => {
    const html = render(adminLayout.default, { loaderData: frameData("Jo Owner", "owner") });
    expect(sectionLinks(html)).toEqual(everySection);
    expect(html).toMatch(/<a [^>]*href="\/admin\/staff"[^>]*>Staff<\/a>/);
    expect(html).toMatch(/<a [^>]*href="\/admin\/audit-log"[^>]*>Audit log<\/a>/);
  });

  it("joins two roles' sections and names both", () => {
    const html = render(adminLayout.default, { loaderData: frameData("Sam Lee", "packer", "age-checker") });
    expect(sectionLinks(html)).toEqual(["Dashboard", "Orders", "Age checks"]);
    expect(html).toContain("Signed in as Sam Lee · Packer, Age checker");
  });

  it("shows the 403 page inside the frame: the packer keeps their sections and the way back", () => {
    const refusal = {
      status: 403,
      statusText: "Forbidden",
      internal: false,
      data: { ok: false, code: "not-allowed", message: "Your staff role does not allow this." },
    };
    const html = render(adminLayout.ErrorBoundary, { loaderData: frameData("Sam Lee", "packer"), error: refusal });
    expect(html).toMatch(/<h1[^>]*>You do not have access to this<\/h1>/);
    expect(html).toContain("Your staff role does not allow this.");
    expect(html).toContain("Back to the back office");
    expect(sectionLinks(html)).toEqual(["Dashboard", "Orders"]);
  });
});
