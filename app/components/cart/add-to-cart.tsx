import { useId, type FormEvent } from "react";
import { Form, useNavigate, useNavigation, useSubmit } from "react-router";
import { toast } from "~/components/ui/toast";
import { fetchShopper, useSignedIn } from "~/components/layout/use-shop";
import { cartMessages, type GuestLine } from "~/modules/cart/cart";
import { addGuestLine } from "./guest-state";

/**
 * Add to Cart: signed in, the server checks and adds the line; a visitor's line is kept in browser storage and
 * merged into the account on sign-in. Either way the shopper goes to /cart (docs/product/specification.md §4).
 */
export function AddToCart({
  line,
  disabled,
  disabledReason,
}: {
  line: GuestLine | null;
  disabled?: boolean;
  disabledReason?: string;
}) {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const submit = useSubmit();
  const busy = useNavigation().state === "submitting";
  const reasonId = useId();
  const reason = disabled && disabledReason ? disabledReason : null;
  const added = line?.kind === "flavour" ? cartMessages.flavourAdded : cartMessages.deviceAdded;

  function onSubmit(event: FormEvent) {
    if (!line) {
      event.preventDefault();
      toast.error(cartMessages.selectSize);
      return;
    }
    if (signedIn) return;
    event.preventDefault();
    const addAsGuest = () => {
      addGuestLine(line);
      toast.success(added);
      void navigate("/cart");
    };
    if (signedIn === false) return addAsGuest();
    // Clicked before the page heard who is here: ask, then add to the account or keep the line in this browser.
    const form = event.currentTarget as HTMLFormElement;
    // Not knowable (the shop cannot reach its records): the server decides.
    void fetchShopper().then((shopper) => (!shopper || shopper.user ? submit(form) : addAsGuest()));
  }

  return (
    <Form method="post" action="/cart" onSubmit={onSubmit} className="mt-6">
      <input type="hidden" name="intent" value="add" />
      {line && (
        <>
          <input type="hidden" name="kind" value={line.kind} />
          <input type="hidden" name="itemId" value={line.itemId} />
          <input type="hidden" name="flavour" value={line.flavour} />
          <input type="hidden" name="nicotineStrength" value={line.nicotineStrength} />
          <input type="hidden" name="puffCount" value={line.puffCount ?? ""} />
          <input type="hidden" name="quantity" value={line.quantity} />
        </>
      )}
      <button
        type="submit"
        className="btn-primary w-full sm:w-auto"
        disabled={disabled || busy}
        aria-busy={busy}
        aria-describedby={reason ? reasonId : undefined}
      >
        Add to Cart
      </button>
      {reason && (
        <p id={reasonId} className="mt-2 text-sm text-rose-700">
          {reason}
        </p>
      )}
    </Form>
  );
}
