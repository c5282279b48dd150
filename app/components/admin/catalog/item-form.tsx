import { useShopSettings } from "~/components/layout/use-shop";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import type {
  CatalogErrors,
  CatalogKind,
  DeviceField,
  DeviceValues,
  FlavourField,
  FlavourValues,
} from "~/modules/admin/catalog/catalog-admin";
import { UK_LIMITS } from "~/modules/compliance/compliance";
import { DEVICE_REFILLS, refillLabels } from "~/modules/catalog/catalog";
import {
  CatalogFormFrame,
  CheckboxField,
  DraftHint,
  FormSection,
  MhraEcidField,
  NameAndSlugFields,
  RadioQuestion,
  SaveAsDraftButton,
} from "./fields";
import { ImageManager } from "./image-manager";

/** pricesLocked: the member of staff's roles do not allow changing a price (prices.edit): the fields are read-only. */
type DeviceProps = { values: DeviceValues; errors: CatalogErrors<DeviceField>; pricesLocked?: boolean };
type FlavourProps = {
  values: FlavourValues;
  errors: CatalogErrors<FlavourField>;
  pricesLocked?: boolean;
  devices: Array<{ id: string; name: string; archived: boolean }>;
};
type Props = {
  kind: CatalogKind;
  isNew: boolean;
  /** The kind's values and messages (DeviceValues or FlavourValues). */
  values: DeviceValues | FlavourValues;
  errors: CatalogErrors<DeviceField | FlavourField>;
  /** The flavour form's choice of device. */
  devices?: FlavourProps["devices"];
  maxUploadBytes: number;
  formError?: string | null;
  notice?: string | null;
  /** The staff member may not change prices (no prices.edit): the price fields are shown read-only. */
  pricesLocked?: boolean;
};

const PRICES_LOCKED = " Your staff role does not allow changing prices: these fields are read-only.";

/**
 * Create and edit a device or flavour: every field of the catalogue, checked again on the server. The fields are the
 * kind's own (a device's options, features, specification rows and compliance facts; a flavour's device and sizes);
 * the frame, images and buttons are the same.
 */
export function ItemForm(props: Props) {
  const { kind, isNew, values, errors, devices, maxUploadBytes, formError, notice, pricesLocked } = props;
  const saveLabel = isNew ? `Create ${kind}` : "Save changes";
  return (
    <CatalogFormFrame formError={formError} notice={notice}>
      {kind === "device" ? (
        <DeviceFields values={values as DeviceValues} errors={errors} pricesLocked={pricesLocked} />
      ) : (
        <FlavourFields
          values={values as FlavourValues}
          errors={errors}
          devices={devices ?? []}
          pricesLocked={pricesLocked}
        />
      )}
      <ImageManager
        images={values.images}
        itemName={values.name.trim() || `New ${kind}`}
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

/** A device's fields: options, features, specification rows, compliance facts and its place in the shop. */
function DeviceFields({ values, errors, pricesLocked }: DeviceProps) {
  const { currency } = useShopSettings();
  return (
    <>
      <FormSection title="Device">
        <NameAndSlugFields values={values} errors={errors} />
        <TextAreaField
          label="Description"
          name="description"
          required
          rows={3}
          maxLength={2000}
          defaultValue={values.description}
          error={errors.description}
        />
        <TextAreaField
          label="Details"
          name="detailsDescription"
          rows={6}
          maxLength={5000}
          defaultValue={values.detailsDescription}
          error={errors.detailsDescription}
        />
        <TextAreaField
          label="Features (one per line)"
          name="features"
          rows={5}
          defaultValue={values.features}
          error={errors.features}
        />
        <TextAreaField
          label="Specifications (one row per line, e.g. Battery: 850 mAh)"
          name="specifications"
          rows={6}
          defaultValue={values.specifications}
          error={errors.specifications}
        />
      </FormSection>
      <FormSection
        title="Price"
        description={`Prices are in ${currency}, typed like 12.99. An original price is kept only if the device sold at it for at least 28 of the last 90 days, and is shown struck through only when the shop allows it (SHOW_WAS_PRICES).${pricesLocked ? PRICES_LOCKED : ""}`}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Price"
            name="price"
            required
            inputMode="decimal"
            placeholder="e.g. 12.99"
            readOnly={pricesLocked}
            defaultValue={values.price}
            error={errors.price}
          />
          <TextField
            label="Original price (optional)"
            name="originalPrice"
            inputMode="decimal"
            readOnly={pricesLocked}
            defaultValue={values.originalPrice}
            error={errors.originalPrice}
          />
        </div>
      </FormSection>
      <FormSection title="Options shoppers choose from">
        <TextAreaField
          label="Flavours (one per line)"
          name="flavours"
          required
          rows={5}
          defaultValue={values.flavours}
          error={errors.flavours}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextAreaField
            label="Nicotine strengths (mg, one per line)"
            name="nicotineStrengths"
            required
            rows={3}
            defaultValue={values.nicotineStrengths}
            error={errors.nicotineStrengths}
          />
          <TextAreaField
            label="Puff counts (one per line, optional)"
            name="puffCounts"
            rows={3}
            defaultValue={values.puffCounts}
            error={errors.puffCounts}
          />
        </div>
      </FormSection>
      <FormSection
        title="Compliance"
        description={`UK limits: nicotine up to ${UK_LIMITS.nicotineMgMl} mg/ml and a pod or tank up to ${UK_LIMITS.podMl} ml.`}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Nicotine (mg/ml)"
            name="nicotineMgMl"
            required
            inputMode="decimal"
            placeholder="The highest strength, e.g. 20"
            defaultValue={values.nicotineMgMl}
            error={errors.nicotineMgMl}
          />
          <TextField
            label="Pod size (ml)"
            name="podMl"
            inputMode="decimal"
            placeholder="e.g. 2"
            defaultValue={values.podMl}
            error={errors.podMl}
          />
        </div>
        <MhraEcidField value={values.mhraEcid} error={errors.mhraEcid} />
        <RadioQuestion
          legend="Rechargeable"
          name="rechargeable"
          value={values.rechargeable}
          choices={[
            { value: "yes", label: "Yes" },
            { value: "no", label: "No" },
          ]}
          error={errors.rechargeable}
          hint="Single-use vapes are banned in the UK since 1 June 2025: a device is published only if it is rechargeable and has refillable pods or replaceable coils sold separately."
        />
        <RadioQuestion
          legend="Refill"
          name="refill"
          value={values.refill}
          choices={DEVICE_REFILLS.map((r) => ({ value: r, label: refillLabels[r] }))}
          error={errors.refill}
        />
      </FormSection>
      <FormSection title="Shop display">
        <CheckboxField
          label="Featured"
          name="featured"
          checked={values.featured === "on"}
          hint="Kept with the device for featured lists."
        />
        <TextField
          label="Position"
          name="position"
          inputMode="numeric"
          placeholder="Empty: after the others"
          defaultValue={values.position}
          error={errors.position}
        />
      </FormSection>
    </>
  );
}

/** A flavour's fields: its device, price, strengths and sizes. */
function FlavourFields({ values, errors, devices, pricesLocked }: FlavourProps) {
  const { currency } = useShopSettings();
  const deviceOptions = [
    { value: "", label: "Choose a device" },
    ...devices.map((d) => ({ value: d.id, label: d.archived ? `${d.name} (archived)` : d.name })),
  ];
  return (
    <>
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
      <FormSection
        title="Price"
        description={`Prices are in ${currency}, typed like 4.99.${pricesLocked ? PRICES_LOCKED : ""}`}
      >
        <TextField
          label="Price"
          name="price"
          required
          inputMode="decimal"
          placeholder="e.g. 4.99"
          readOnly={pricesLocked}
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
        {errors.variants && (
          <p className="text-sm text-rose-700" id="variants-error">
            {errors.variants}
          </p>
        )}
        <MhraEcidField value={values.mhraEcid} error={errors.mhraEcid} />
      </FormSection>
    </>
  );
}
