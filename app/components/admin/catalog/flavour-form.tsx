import { useShopSettings } from "~/components/layout/use-shop";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import type { CatalogErrors, FlavourField, FlavourValues } from "~/modules/admin/catalog/catalog-admin";
import { UK_LIMITS } from "~/modules/compliance/compliance";
import {
  CatalogFormFrame,
  DraftHint,
  FormSection,
  MhraEcidField,
  NameAndSlugFields,
  SaveAsDraftButton,
} from "./fields";
import { ImageManager } from "./image-manager";

type Props = {
  isNew: boolean;
  values: FlavourValues;
  errors: CatalogErrors<FlavourField>;
  devices: Array<{ id: string; name: string; archived: boolean }>;
  maxUploadBytes: number;
  formError?: string | null;
  notice?: string | null;
};

/** Create and edit a flavour: every field of the catalogue, checked again on the server. */
export function FlavourForm({ isNew, values, errors, devices, maxUploadBytes, formError, notice }: Props) {
  const { currency } = useShopSettings();
  const saveLabel = isNew ? "Create flavour" : "Save changes";
  const deviceOptions = [
    { value: "", label: "Choose a device" },
    ...devices.map((d) => ({ value: d.id, label: d.archived ? `${d.name} (archived)` : d.name })),
  ];
  return (
    <CatalogFormFrame formError={formError} notice={notice}>
      <FormSection title="Flavour">
        <NameAndSlugFields values={values} errors={errors} />
        <TextAreaField
          label="Description"
          name="description"
          required
          rows={4}
          maxLength={2000}
          defaultValue={values.description}
          error={errors.description}
        />
        <SelectField
          label="Device"
          name="deviceId"
          required
          defaultValue={values.deviceId}
          options={deviceOptions}
          error={errors.deviceId}
        />
      </FormSection>
      <FormSection title="Price" description={`Prices are in ${currency}, typed like 4.99.`}>
        <TextField
          label="Price"
          name="price"
          required
          inputMode="decimal"
          placeholder="e.g. 4.99"
          defaultValue={values.price}
          error={errors.price}
        />
      </FormSection>
      <FormSection
        title="Nicotine and size"
        description={`UK limits: nicotine up to ${UK_LIMITS.nicotineMgMl} mg/ml, a pod up to ${UK_LIMITS.podMl} ml, a refill bottle up to ${UK_LIMITS.bottleMl} ml. Leave the size that does not apply empty.`}
      >
        <TextAreaField
          label="Nicotine strengths (mg, one per line)"
          name="sizes"
          required
          rows={3}
          defaultValue={values.sizes}
          error={errors.sizes}
        />
        <TextField
          label="Nicotine (mg/ml)"
          name="nicotineMgMl"
          required
          inputMode="decimal"
          placeholder="The highest strength, e.g. 20"
          defaultValue={values.nicotineMgMl}
          error={errors.nicotineMgMl}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Pod size (ml)"
            name="podMl"
            inputMode="decimal"
            placeholder="e.g. 2"
            defaultValue={values.podMl}
            error={errors.podMl}
          />
          <TextField
            label="Bottle size (ml)"
            name="bottleMl"
            inputMode="decimal"
            placeholder="e.g. 10"
            defaultValue={values.bottleMl}
            error={errors.bottleMl}
          />
        </div>
        <MhraEcidField value={values.mhraEcid} error={errors.mhraEcid} />
      </FormSection>
      <ImageManager
        images={values.images}
        itemName={values.name.trim() || "New flavour"}
        error={errors.images}
        uploadError={errors.image}
        maxBytes={maxUploadBytes}
        saveLabel={saveLabel}
      />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" name="intent" value="save" className="btn-primary">
          {saveLabel}
        </button>
        {isNew && <SaveAsDraftButton />}
      </div>
      {isNew && <DraftHint />}
    </CatalogFormFrame>
  );
}
