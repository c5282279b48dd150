/** The contact form's one query: saving a message. */
import type { Db } from "~/db/database.server";
import type { ContactInput } from "./contact";

export const insertMessage = (db: Db, id: string, input: ContactInput, userId: string | null, at: string) =>
  db
    .insertInto("messages")
    .values({
      id,
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email,
      phone: input.phone,
      subject: input.subject,
      message: input.message,
      handled: 0,
      user_id: userId,
      created_at: at,
    })
    .execute();
