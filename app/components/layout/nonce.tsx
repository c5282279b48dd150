import { createContext, useContext, type ReactNode } from "react";

const NonceContext = createContext<string | undefined>(undefined);

/**
 * The CSP nonce of this response (server only; the browser never needs it after the first load); none for a page
 * that may be shared, whose inline scripts are allowed by their hashes instead (app/lib/script-hashes.server.ts).
 */
export function NonceProvider({ value, children }: { value: string | undefined; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export const useNonce = () => useContext(NonceContext);
