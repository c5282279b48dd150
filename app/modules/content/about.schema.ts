import { z } from "zod";
import { FIGURE_SLOTS, FIGURE_SOURCES, OFFER_SLOTS, ROI_LABEL } from "./about";

// The About page editor's form, checked on the server (docs/decisions/037). Field names: story, offer1Title,
// offer1Text … offer4Text, figure1Source, figure1Value, figure1Label … figure4Label.

const text = (max: number, what: string) => z.string().trim().max(max, `Please keep ${what} to ${max} characters`);

export function aboutFormSchema() {
  const shape: Record<string, z.ZodType> = { story: text(3000, "the story") };
  for (let i = 1; i <= OFFER_SLOTS; i++) {
    shape[`offer${i}Title`] = text(60, "the title");
    shape[`offer${i}Text`] = text(300, "the text");
  }
  for (let i = 1; i <= FIGURE_SLOTS; i++) {
    // Checked below with the rest, so every wrong field is marked at once.
    shape[`figure${i}Source`] = z.string();
    shape[`figure${i}Value`] = text(12, "the figure");
    shape[`figure${i}Label`] = text(40, "the label");
  }
  return z.object(shape).superRefine((values, ctx) => {
    const v = values as Record<string, string>;
    for (let i = 1; i <= OFFER_SLOTS; i++) {
      const title = v[`offer${i}Title`];
      const body = v[`offer${i}Text`];
      if (title && !body)
        ctx.addIssue({ code: "custom", path: [`offer${i}Text`], message: "Please say what this offer is" });
      if (body && !title)
        ctx.addIssue({ code: "custom", path: [`offer${i}Title`], message: "Please give this offer a title" });
    }
    for (let i = 1; i <= FIGURE_SLOTS; i++) {
      const source = v[`figure${i}Source`];
      const label = v[`figure${i}Label`] ?? "";
      if (!(FIGURE_SOURCES as readonly string[]).includes(source ?? ""))
        ctx.addIssue({ code: "custom", path: [`figure${i}Source`], message: "Please choose what this figure shows" });
      if (source === "written" && !v[`figure${i}Value`])
        ctx.addIssue({ code: "custom", path: [`figure${i}Value`], message: "Please write the figure, e.g. 120+" });
      if (source === "written" && !label)
        ctx.addIssue({ code: "custom", path: [`figure${i}Label`], message: "Please say what the figure counts" });
      if (ROI_LABEL.test(label))
        ctx.addIssue({
          code: "custom",
          path: [`figure${i}Label`],
          message: "A return on investment is not a figure the shop can show: please choose another",
        });
    }
  });
}
