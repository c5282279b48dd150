import { render } from "@react-email/render";
import type { ReactElement } from "react";

/** An e-mail's HTML from its react-email element (tables and inline styles that mail programs understand). */
export const renderMailHtml = (element: ReactElement) => render(element);
