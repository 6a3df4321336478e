// The add-club lightbox of system administrators (POST /v1/clubs): name, sport,
// time zone (Europe/Amsterdam), country (the Netherlands, NL), activation and a
// logo, uploaded once the club exists. Checked with the server's own schema.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CLUB_LOGO_MAX_BYTES, DEFAULT_COUNTRY, DEFAULT_COUNTRY_SHORT, DEFAULT_TIMEZONE } from "@clubcast/shared";
import { createClubInput } from "@clubcast/shared/schemas";
import { useCreateRecordForm } from "../../lib/create-record-form.ts";
import { useSchemaResolver } from "../../lib/form-schema.ts";
import { sportLabel } from "../../lib/sports.ts";
import { timezones } from "../../lib/timezones.ts";
import { trpc, type RouterInputs } from "../../lib/trpc.ts";
import { FormDialog } from "../../ui/FormDialog.tsx";
import { SelectField, SwitchField, TextField } from "../../ui/FormFields.tsx";
import { useToast } from "../../ui/Toasts.tsx";
import { ClubLogoPicker, logoFileProblem, useUploadLogo } from "../admin/ClubLogoPicker.tsx";

interface ClubForm {
  name: string;
  sport_id: string;
  timezone: string;
  country: string;
  country_short: string;
  activated: boolean;
}

const FIELDS = ["name", "sport_id", "timezone", "country", "country_short", "activated"] as const;
const BLANK: ClubForm = {
  name: "",
  sport_id: "",
  timezone: DEFAULT_TIMEZONE,
  country: DEFAULT_COUNTRY,
  country_short: DEFAULT_COUNTRY_SHORT,
  activated: true,
};

/** The club as clubs.create takes it. */
export function clubToCreate(form: ClubForm): RouterInputs["clubs"]["create"] {
  return {
    name: form.name,
    sport_id: Number(form.sport_id),
    timezone: form.timezone,
    country: form.country,
    country_short: form.country_short,
    activated: form.activated,
  };
}

/** A picked logo file and the preview the badge shows of it. */
interface PickedLogo {
  file: File;
  preview: string;
}

export function AddClubDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation("clubs");
  const { t: ta } = useTranslation("admin");
  const { t: tc } = useTranslation();
  const toast = useToast();
  const utils = trpc.useUtils();
  const sports = trpc.sports.list.useQuery(undefined, { enabled: open, staleTime: 5 * 60_000 });
  const create = trpc.clubs.create.useMutation();
  const uploadLogo = useUploadLogo();
  const [logo, setLogo] = useState<PickedLogo | null>(null);
  const [logoError, setLogoError] = useState<string | undefined>();

  const forgetLogo = () => {
    if (logo) URL.revokeObjectURL(logo.preview);
    setLogo(null);
    setLogoError(undefined);
  };
  const { form, dialog } = useCreateRecordForm<ClubForm>({
    blank: BLANK,
    resolver: useSchemaResolver(createClubInput, clubToCreate),
    fields: FIELDS,
    failureText: t("add.not_added"),
    create: async (values) => {
      const { data } = await create.mutateAsync(clubToCreate(values));
      if (logo) {
        // The club exists either way: a refused logo is said apart, and can be uploaded on its System page.
        await uploadLogo(data.id, logo.file).catch(() => toast.error(t("add.logo_not_saved", { club: data.name })));
      }
      return t("add.added", { club: data.name });
    },
    refresh: () => utils.clubs.invalidate(),
    onClose: () => {
      forgetLogo();
      onClose();
    },
  });
  const { register, formState, watch } = form;
  const { errors } = formState;

  const pickLogo = (file: File) => {
    const problem = logoFileProblem(file);
    if (problem) return setLogoError(ta(`system.${problem}`, { limit: CLUB_LOGO_MAX_BYTES / 1024 }));
    forgetLogo();
    setLogo({ file, preview: URL.createObjectURL(file) });
  };

  return (
    <FormDialog {...dialog} open={open} title={t("add.title")} width={600} submitLabel={t("add.submit")}>
      <TextField
        label={ta("system.name")}
        autoComplete="organization"
        error={errors.name?.message}
        {...register("name")}
      />
      <SelectField label={ta("system.sport")} error={errors.sport_id?.message} {...register("sport_id")}>
        <option value="">{t("add.choose_sport")}</option>
        {sports.data?.data.map((sport) => (
          <option key={sport.id} value={sport.id}>
            {sportLabel(sport, tc)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={ta("system.timezone")}
        hint={ta("system.timezone_hint")}
        error={errors.timezone?.message}
        {...register("timezone")}
      >
        {timezones(DEFAULT_TIMEZONE).map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll("_", " ")}
          </option>
        ))}
      </SelectField>
      <div className="form__pair">
        <TextField
          label={ta("system.country")}
          autoComplete="country-name"
          error={errors.country?.message}
          {...register("country")}
        />
        <TextField
          label={ta("system.country_short")}
          hint={ta("system.country_short_hint")}
          maxLength={2}
          autoComplete="country"
          error={errors.country_short?.message}
          {...register("country_short")}
        />
      </div>
      <ClubLogoPicker
        clubName={watch("name")}
        preview={logo?.preview ?? null}
        error={logoError}
        onPick={pickLogo}
        onRemove={logo ? forgetLogo : undefined}
      />
      <SwitchField
        label={ta("system.activated")}
        hint={ta("system.activated_hint")}
        error={errors.activated?.message}
        {...register("activated")}
      />
    </FormDialog>
  );
}
