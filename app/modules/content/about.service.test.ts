// The About page tells the truth (docs/decisions/037): its figures are counted from the shop's own data or written by
// staff, a figure nobody set is left out, and no 'return on investment' is shown; the demo shop's are counted too.
import { expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import { newId } from "~/lib/ids.server";
import { alice, staff as fixtureStaff } from "~/modules/admin/orders/testing/orders-fixture";

// The shop's owner: the roles that may edit content and read the mail (issue 63).
const staff = { ...fixtureStaff, staffRoles: ["owner" as const] };
import { aboutFormValues, aboutPage, readAboutSettings, saveAboutPage } from "./about.service.server";

const blankForm = () => aboutFormValues({ story: null, offers: null, figures: [], demo: false, updatedAt: null });

describeEachDatabase("the About page of a shop started empty", (testDb) => {
  it("shows no figure, no story and the shop's own offers while there is nothing to count", async () => {
    const { db } = testDb();
    expect(await aboutPage(db)).toEqual({ story: null, offers: null, figures: [] });
  });

  it("counts published reviews (and devices and flavours) once there are some", async () => {
    const { db } = testDb();
    await db
      .insertInto("reviews")
      .values([
        { id: newId(), quote: "Quick delivery.", name: "A", company: "", image: "/x.svg", position: 0, published: 1 },
        { id: newId(), quote: "Hidden one.", name: "B", company: "", image: "/x.svg", position: 1, published: 0 },
      ])
      .execute();
    expect((await aboutPage(db)).figures).toEqual([{ value: "1", label: "Customer reviews" }]);
  });

  it("saves what staff write, and refuses bad input with a message under each field, saving nothing", async () => {
    const { db } = testDb();
    const bad = {
      ...blankForm(),
      offer1Title: "Same-day dispatch",
      figure1Source: "written",
      figure1Value: "",
      figure1Label: "Happy customers",
      figure2Source: "written",
      figure2Value: "600%",
      figure2Label: "Return on investment",
      figure3Source: "guessed",
    };
    const refused = await saveAboutPage(db, staff, bad);
    expect(refused).toMatchObject({
      ok: false,
      fieldErrors: {
        offer1Text: "Please say what this offer is",
        figure1Value: "Please write the figure, e.g. 120+",
        figure2Label: "A return on investment is not a figure the shop can show: please choose another",
        figure3Source: "Please choose what this figure shows",
      },
    });
    expect(await readAboutSettings(db)).toMatchObject({ updatedAt: null, story: null });

    const saved = await saveAboutPage(db, staff, {
      ...blankForm(),
      story: "We opened in Leeds in 2024.\n\nWe answer every message ourselves.",
      offer1Title: "Same-day dispatch",
      offer1Text: "Orders placed by 2pm leave the same day.",
      figure1Source: "reviews",
      figure2Source: "written",
      figure2Value: "2024",
      figure2Label: "Trading since",
      figure3Source: "devices",
    });
    expect(saved).toEqual({ ok: true });
    // No devices yet: that count is left out.
    expect(await aboutPage(db)).toEqual({
      story: "We opened in Leeds in 2024.\n\nWe answer every message ourselves.",
      offers: [{ title: "Same-day dispatch", text: "Orders placed by 2pm leave the same day." }],
      figures: [
        { value: "1", label: "Customer reviews" },
        { value: "2024", label: "Trading since" },
      ],
    });
  });

  it("is written by staff only", async () => {
    const { db } = testDb();
    await expect(saveAboutPage(db, alice, blankForm())).rejects.toThrow();
    await expect(saveAboutPage(db, null, blankForm())).rejects.toThrow();
  });
});

describeEachDatabase(
  "the About page of the demo shop",
  (testDb) => {
    it("counts its figures from the demo shop, as any shop's: nothing invented (issue 65)", async () => {
      const { db } = testDb();
      const page = await aboutPage(db);
      // The demo content: 5 devices, 80 flavours and 6 published reviews (README).
      expect(page.figures).toEqual([
        { value: "5", label: "Devices" },
        { value: "80", label: "Flavours" },
        { value: "6", label: "Customer reviews" },
      ]);
      for (const invented of ["400+", "600%", "50+", "200+"])
        expect(page.figures.map((f) => f.value)).not.toContain(invented);
      expect(page.story).toContain("{shop} started in 2019");
      expect(page.story).not.toMatch(/quit/i);
      expect(await readAboutSettings(db)).toMatchObject({ demo: true });

      // Staff save it as it is: theirs from then on, the same counts.
      expect(await saveAboutPage(db, staff, aboutFormValues(await readAboutSettings(db)))).toEqual({ ok: true });
      expect((await aboutPage(db)).figures).toEqual(page.figures);
      expect(await readAboutSettings(db)).toMatchObject({ demo: false });
    });
  },
  { seed: true },
);
