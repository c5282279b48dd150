import { describe, expect, it } from "vitest";
import { readForm, UNREADABLE_FORM } from "./form-data.server";

const post = (body: string, type: string) =>
  new Request("http://shop.test/signin", { method: "POST", body, headers: { "content-type": type } });

describe("reading a form", () => {
  it("reads a good form", async () => {
    expect((await readForm(post("email=a%40b.c", "application/x-www-form-urlencoded"))).get("email")).toBe("a@b.c");
    // Other odd characters are the fields' own checks to refuse, with a message under the field.
    expect((await readForm(post("note=%01%E2%88%95", "application/x-www-form-urlencoded"))).get("note")).toBe(
      "\u0001\u2215",
    );
  });

  it("answers a body that cannot be read with 400 and a clear message, not an error", async () => {
    for (const [body, type] of [
      ["--x\r\nbroken", "multipart/form-data; boundary=x"],
      ["--x\r\nbroken", "multipart/form-data"],
      ["{}", "application/json"],
      // A NUL character, in a value or a name: PostgreSQL would refuse it in text (issue 26).
      ["firstName=Sam%00", "application/x-www-form-urlencoded"],
      ["first%00Name=Sam", "application/x-www-form-urlencoded"],
    ]) {
      const thrown = await readForm(post(body!, type!)).then(
        () => null,
        (error: unknown) => error,
      );
      // React Router turns this thrown `data()` into the 400 answer (and the error page) for the route.
      expect(thrown, type).toMatchObject({
        type: "DataWithResponseInit",
        init: { status: 400 },
        data: { message: UNREADABLE_FORM },
      });
    }
  });
});
