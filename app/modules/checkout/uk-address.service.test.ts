// The UK address (issue 33, docs/decisions/046) on both databases: the form's rules on the server, an order carrying
// the address as placed, and addresses and orders saved before the UK form (migration 2026_11_26_0610).
import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { migrateTo, migrateToLatest } from "~/db/migrate.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { firstSizeInStock, setItemStock } from "~/db/testing/variant-stock";
import { taxIncluded } from "~/lib/pricing";
import { insertOrder, insertUsers, shopper } from "~/modules/admin/orders/testing/orders-fixture";
import { addToCart } from "~/modules/cart/cart.service.server";
import { orderMessages } from "~/modules/orders/orders";
import { findOrder, orderWhatsappText } from "~/modules/orders/orders.service.server";
import { getAddressBook, saveAddress, selectAddress } from "./addresses.service.server";
import { chooseShipping, getCheckoutState } from "./checkout.service.server";
import { placeOrder } from "./place-order.service.server";

const BEFORE = "2026_11_26_0520_order_payments";
const form = {
  recipient: "Priya Shah",
  line1: "Flat 2",
  line2: "14 Canal Wharf",
  town: "Leeds",
  postcode: "ls11aa",
  phone: "07700 900555",
  title: "",
  type: "HOME",
};
const addressCount = async (db: Db, userId: string) =>
  (await db.selectFrom("addresses").select("id").where("user_id", "=", userId).execute()).length;

describeEachDatabase(
  "UK addresses",
  (testDb) => {
    const priya = shopper("priya");
    const owen = shopper("owen");
    let sizes: number[];
    let flavourId: string;

    beforeAll(async () => {
      const { db } = testDb();
      await insertUsers(db, [priya, owen]);
      const flavour = await db
        .selectFrom("flavours")
        .select(["id", "sizes"])
        .where(firstSizeInStock(10))
        .orderBy("slug", "desc")
        .executeTakeFirstOrThrow();
      flavourId = flavour.id;
      sizes = JSON.parse(flavour.sizes);
      await setItemStock(db, "flavour", flavourId, 50);
    });
    const fillCart = async (db: Db, userId: string) =>
      expect(
        await addToCart(db, userId, {
          kind: "flavour",
          itemId: flavourId,
          flavour: "",
          nicotineStrength: sizes[0]!,
          puffCount: null,
          quantity: 1,
        }),
      ).toEqual({ ok: true });

    it("refuses an address a courier could not use, field by field, and saves nothing", async () => {
      const { db } = testDb();
      const refused = async (values: Record<string, string>) => {
        const saved = await saveAddress(db, priya.id, null, values, false);
        if (saved.ok) throw new Error("saved");
        return saved.fieldErrors;
      };
      expect(await refused({ ...form, recipient: " ", line1: "", town: "", postcode: "" })).toEqual({
        recipient: "Enter the recipient's name",
        line1: "Enter the first line of the address",
        town: "Enter the town or city",
        postcode: "Enter the postcode",
      });
      for (const postcode of ["90210", "LS1", "LS1 1AAA", "QS1 1AA"])
        expect(await refused({ ...form, postcode })).toEqual({ postcode: "Enter a UK postcode, like LS1 1AA" });
      expect(await refused({ ...form, phone: "call me" })).toEqual({ phone: "Enter a phone number using digits" });
      expect(await refused({ ...form, line1: "x".repeat(101) })).toEqual({
        line1: "Address line 1 must be 100 characters or fewer",
      });
      expect(await refused({ ...form, type: "CASTLE" })).toEqual({ type: "Choose Home, Office or Other" });
      expect(await addressCount(db, priya.id)).toBe(0);
    });

    it("keeps the postcode in capitals, the nickname and line 2 optional, and edits only the shopper's own", async () => {
      const { db } = testDb();
      const saved = await saveAddress(db, priya.id, null, form, false);
      if (!saved.ok) throw new Error(saved.message);
      expect(saved.address).toMatchObject({ ...form, postcode: "LS1 1AA", title: "", isDefault: true });
      // Another shopper cannot edit it: not found, nothing changed.
      expect(await saveAddress(db, owen.id, saved.address.id, { ...form, town: "York" }, false)).toMatchObject({
        ok: false,
        code: "not-found",
      });
      const edited = await saveAddress(db, priya.id, saved.address.id, { ...form, line2: "", title: "Work" }, false);
      expect(edited).toMatchObject({ ok: true, address: { line2: "", title: "Work", postcode: "LS1 1AA" } });
      expect((await getAddressBook(db, priya.id)).addresses).toHaveLength(1);
    });

    it("places an order to the address as written: the order, its WhatsApp text and a later edit", async () => {
      const { db } = testDb();
      const [address] = (await getAddressBook(db, priya.id)).addresses;
      await selectAddress(db, priya.id, address!.id);
      await fillCart(db, priya.id);
      expect(await chooseShipping(db, priya.id, "free", null)).toEqual({ ok: true });
      const placed = await placeOrder(db, priya.id, "key-priya-uk-address-01", taxIncluded(20));
      if (!placed.ok) throw new Error(placed.message);
      // The address book changes later; the order keeps the address it was placed to.
      await saveAddress(db, priya.id, address!.id, { ...form, town: "Bradford", postcode: "BD1 1AA" }, false);
      const order = await findOrder(db, priya.id, placed.order.id);
      expect(order?.address).toEqual({
        title: "Work",
        type: "HOME",
        recipient: "Priya Shah",
        line1: "Flat 2",
        line2: "",
        town: "Leeds",
        postcode: "LS1 1AA",
        phone: "07700 900555",
      });
      expect(orderWhatsappText(order!)).toContain(
        ["Address:", "Work (HOME)", "Priya Shah", "Flat 2", "Leeds", "LS1 1AA", "Phone: 07700 900555"].join("\n"),
      );
    });

    it("keeps an address and an order saved before the UK form as line 1, and asks for the rest before ordering to it", async () => {
      const { db } = testDb();
      const earlier = await insertOrder(db, { userId: owen.id });
      await migrateTo(db, BEFORE);
      const written = "Flat 9\n3 Mill Lane\nHull HU1 1AA";
      await sql`update orders set address_text = ${written} where id = ${earlier}`.execute(db);
      await sql`insert into addresses (id, user_id, title, type, address, phone, is_default, position, created_at)
        values ('owen-home', ${owen.id}, 'Home', 'HOME', ${written}, '07700 900666', 1, 0, '2026-11-01T10:00:00.000Z')`.execute(
        db,
      );
      await migrateToLatest(db);

      const order = await findOrder(db, owen.id, earlier);
      expect(order?.address).toMatchObject({ recipient: "", line1: written, line2: "", town: "", postcode: "" });
      expect(orderWhatsappText(order!)).toContain("Home (HOME)\nFlat 9\n3 Mill Lane\nHull HU1 1AA\nPhone:");
      const [saved] = (await getAddressBook(db, owen.id)).addresses;
      expect(saved).toMatchObject({ id: "owen-home", line1: written, recipient: "", town: "", postcode: "" });

      // Chosen for an order: the checkout says it is not complete, and placing the order is refused, nothing saved.
      await selectAddress(db, owen.id, "owen-home");
      await fillCart(db, owen.id);
      expect(await chooseShipping(db, owen.id, "free", null)).toEqual({ ok: true });
      expect(await getCheckoutState(db, owen.id)).toMatchObject({ addressId: "owen-home", addressComplete: false });
      expect(await placeOrder(db, owen.id, "key-owen-uk-address-001", taxIncluded(20))).toMatchObject({
        ok: false,
        message: orderMessages.incompleteAddress,
      });
      expect(await db.selectFrom("orders").select("id").where("user_id", "=", owen.id).execute()).toHaveLength(1);

      // Completed, it is ordered to.
      const completed = { ...form, recipient: "Owen Price", line1: "Flat 9", line2: "3 Mill Lane", town: "Hull" };
      expect(await saveAddress(db, owen.id, "owen-home", { ...completed, postcode: "hu1 1aa" }, false)).toMatchObject({
        ok: true,
      });
      expect(await getCheckoutState(db, owen.id)).toMatchObject({ addressComplete: true });
      const placed = await placeOrder(db, owen.id, "key-owen-uk-address-001", taxIncluded(20));
      expect(placed).toMatchObject({ ok: true, order: { address: { recipient: "Owen Price", postcode: "HU1 1AA" } } });
    });

    it("goes back to the free text and forward again without losing an address", async () => {
      const { db } = testDb();
      await migrateTo(db, BEFORE);
      const back = await sql<{ address: string }>`select address from addresses where id = 'owen-home'`.execute(db);
      expect(back.rows[0]!.address).toBe("Flat 9");
      await migrateToLatest(db);
      expect((await getAddressBook(db, owen.id)).addresses[0]).toMatchObject({ line1: "Flat 9", recipient: "" });
    });
  },
  { seed: true },
);
