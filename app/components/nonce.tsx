import { createContext, useContext } from "react";

/**
 * The CSP nonce of the page being rendered on the server. In the browser it is "": browsers hide
 * the nonce attribute, so "" is also what hydration finds in the DOM.
 */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
