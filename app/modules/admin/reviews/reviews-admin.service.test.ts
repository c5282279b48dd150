// Reviews in the back office (docs/decisions/037): staff add and publish them; one whose words make a health, quitting
// or smoking-cessation claim (CAP Code 22.5) is flagged with the words found; the home page shows only published ones.
import { expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import { alice, staff as fixtureStaff } from "~/modules/admin/orders/testing/orders-fixture";

// The shop's owner: the roles that may edit content and read the mail (issue 63).
const staff = { ...fixtureStaff, staffRoles: ["owner" as const] };
import { listReviews } from "~/modules/catalog/catalog.service.server";
import { addReview, listReviewsForStaff, setReviewPublished } from "./reviews-admin.service.server";

describeEachDatabase("reviews in the back office", (testDb) => {
  it("adds a review, flags the claim words it uses, and shows it on the home page only while published", async () => {
    const { db } = testDb();
    const added = await addReview(db, staff, {
      quote: "Helped me quit smoking and I feel healthier already.",
      name: "Jo",
      company: "York",
      published: true,
    });
    if (!added.ok) throw new Error(added.message);
    const factual = await addReview(db, staff, {
      quote: "Arrived the next day and Cool Mint tastes great.",
      name: "Sam",
      company: "",
      published: false,
    });
    if (!factual.ok) throw new Error(factual.message);

    expect(await listReviewsForStaff(db, staff)).toEqual([
      expect.objectContaining({ id: added.id, published: true, claimWords: ["quit", "healthier"] }),
      expect.objectContaining({ id: factual.id, published: false, claimWords: [] }),
    ]);
    expect((await listReviews(db)).map((r) => r.id)).toEqual([added.id]);

    expect(await setReviewPublished(db, staff, added.id, false)).toEqual({ ok: true });
    expect(await setReviewPublished(db, staff, factual.id, true)).toEqual({ ok: true });
    expect((await listReviews(db)).map((r) => r.id)).toEqual([factual.id]);
    expect(await setReviewPublished(db, staff, "no-such-review", true)).toMatchObject({ ok: false, code: "not-found" });
  });

  it("refuses bad input with a message under each field and saves nothing; staff only", async () => {
    const { db } = testDb();
    const before = (await listReviewsForStaff(db, staff)).length;
    expect(
      await addReview(db, staff, { quote: "Too short", name: " ", company: "x".repeat(81), published: true }),
    ).toMatchObject({
      ok: false,
      fieldErrors: {
        quote: "Please enter the review (at least 10 characters)",
        name: "Please enter who wrote it",
        company: "Please keep this to 80 characters",
      },
    });
    expect(await listReviewsForStaff(db, staff)).toHaveLength(before);
    await expect(listReviewsForStaff(db, alice)).rejects.toThrow("Only shop staff can do this.");
    await expect(
      addReview(db, alice, { quote: "A perfectly fine review.", name: "Al", company: "", published: true }),
    ).rejects.toThrow("Only shop staff can do this.");
  });
});
