import { data } from "react-router";
import { ContactForm } from "~/components/contact/contact-form";
import { useShopSettings } from "~/components/layout/use-shop";
import { pageMeta } from "~/lib/meta";
import { contactSender, handleContactForm } from "~/modules/content/contact.action.server";
import type { Route } from "./+types/contactus";
import { readForm } from "~/lib/form-data.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Contact us", "Questions, orders or bulk enquiries: send us a message or chat on WhatsApp.");

/** Without JavaScript the form posts here; with it, to /api/contact. Both run the same checks. */
export async function action({ request, context }: Route.ActionArgs) {
  const { result, status } = await handleContactForm(
    context,
    await readForm(request),
    await contactSender(context, request),
  );
  return data(result, { status });
}

export default function ContactUs({ actionData }: Route.ComponentProps) {
  const { phone, email, address } = useShopSettings();
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-extrabold">Get in Touch</h1>
      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <aside aria-labelledby="contact-info-title" className="rounded-2xl bg-brand-900 p-6 text-brand-100">
          <h2 id="contact-info-title" className="text-lg font-bold text-white">
            Contact information
          </h2>
          <dl className="mt-4 space-y-4 text-sm">
            <div>
              <dt className="font-semibold text-white">Phone</dt>
              <dd>
                <a href={`tel:${phone.replace(/\s/g, "")}`} className="hover:underline">
                  {phone}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-white">Email</dt>
              <dd>
                <a href={`mailto:${email}`} className="hover:underline">
                  {email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-white">Address</dt>
              <dd>{address}</dd>
            </div>
          </dl>
        </aside>
        <div className="lg:col-span-2">
          <ContactForm serverResult={actionData} />
        </div>
      </div>
    </div>
  );
}
