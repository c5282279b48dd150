/** Lines brought down to what is in stock (the cart and the payment step say so). */
export function StockCappedNotice({ messages, what }: { messages: string[]; what: "cart" | "order" }) {
  if (messages.length === 0) return null;
  return (
    <div role="status" className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-900">
      <p>We have less in stock than your cart held, so your {what} now holds what is left:</p>
      <ul className="mt-1 list-disc pl-5">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
