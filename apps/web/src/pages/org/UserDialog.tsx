// Creating or editing a user in a dialog: e-mail, names, scope (up to the
// caller's own), club (system administrators), teams of that club, roles
// (for those who manage access), and a password (required for a new user,
// optional when editing). The server's 422 messages land on their fields.
import { useEffect, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { canOpenSection } from "@clubcast/shared";
import { createUserInput as newUserSchema, updateUserByIdInput as userUpdateSchema } from "@clubcast/shared/schemas";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { ClubOptions, useClubChoices } from "../../lib/club-choices.tsx";
import { useSchemaResolver } from "../../lib/form-schema.ts";
import { applyServerErrors } from "../../lib/server-errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { FormDialog } from "../../ui/FormDialog.tsx";
import { ControlledSelectField, FieldGroup, SelectField, TextField } from "../../ui/FormFields.tsx";
import { MultiSelectField } from "../../ui/MultiSelectField.tsx";
import { useToast } from "../../ui/Toasts.tsx";
import { teamName, userName, type User } from "./org.ts";
import {
  createUserInput,
  formClubId,
  updateUserInput,
  USER_FORM_FIELDS,
  userFormRights,
  userFormValues,
  type UserForm,
} from "./user-form.ts";

interface UserDialogProps {
  open: boolean;
  /** The user to edit; null creates one. */
  user: User | null;
  onClose: () => void;
}

export function UserDialog({ open, user, onClose }: UserDialogProps) {
  const { t } = useTranslation("org");
  const { t: td } = useTranslation("dashboard");
  const auth = useAuth();
  const toast = useToast();
  const utils = trpc.useUtils();
  const caller = auth.user!;
  const callerClubId = caller.club?.id ?? null;
  const rights = userFormRights(
    auth.scope,
    canOpenSection({ scope: auth.scope, permissions: caller.permissions }, "access"),
  );
  const [failure, setFailure] = useState<string | null>(null);
  const resolver = useSchemaResolver<UserForm>(
    user ? userUpdateSchema : newUserSchema,
    user ? (values) => updateUserInput(user.id, values, rights) : (values) => createUserInput(values, rights),
  );
  const form = useForm<UserForm>({ defaultValues: userFormValues(user, callerClubId), resolver });
  const { register, handleSubmit, reset, setError, setValue, control, formState } = form;
  const { errors } = formState;

  // Each opening starts from the user's current values (or a blank form).
  useEffect(() => {
    if (open) {
      reset(userFormValues(user, callerClubId));
      setFailure(null);
    }
  }, [open, user, callerClubId, reset]);

  const chosenClub = useWatch({ control, name: "club" });
  const clubId = formClubId({ club: chosenClub }, rights, callerClubId);
  const clubs = useClubChoices(open && rights.choosesClub);
  // A club without teams answers 404 ("No teams found"): nothing to choose.
  const teams = trpc.teams.ofClub.useQuery({ id: clubId ?? 0 }, { enabled: open && clubId !== null, retry: false });
  const roles = trpc.roles.groups.useQuery(undefined, { enabled: open && rights.assignsRoles, staleTime: 60_000 });
  const create = trpc.users.create.useMutation();
  const update = trpc.users.update.useMutation();

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = user
        ? await update.mutateAsync(updateUserInput(user.id, values, rights))
        : await create.mutateAsync(createUserInput(values, rights));
      toast.success(user ? t("users.updated") : t("users.created", { name: userName(saved.data) }));
      utils.users.get.setData({ id: saved.data.id }, saved);
      // Closed at once: the list refreshes behind the toast rather than holding the dialog open.
      void utils.users.list.invalidate();
      onClose();
    } catch (error) {
      setFailure(applyServerErrors(error, setError, USER_FORM_FIELDS, t("users.not_saved")));
    }
  });

  const teamOptions = (teams.data?.data ?? []).map((team) => ({ value: team.id, label: teamName(team) }));
  const roleOptions = (roles.data?.data ?? []).map((role) => ({ value: role.id, label: role.name }));

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={user ? t("users.edit_title", { name: userName(user) }) : t("users.create_title")}
      width={760}
      onSubmit={onSubmit}
      failure={failure}
      submitLabel={user ? td("actions.save") : t("users.create_submit")}
      submitting={formState.isSubmitting}
    >
      <FieldGroup title={t("users.group_person")}>
        <TextField
          label={t("users.first_name")}
          autoComplete="off"
          error={errors.first_name?.message}
          {...register("first_name")}
        />
        <TextField
          label={t("users.last_name")}
          autoComplete="off"
          error={errors.last_name?.message}
          {...register("last_name")}
        />
        <TextField
          label={t("users.email")}
          type="email"
          autoComplete="off"
          className="field--wide"
          error={errors.email?.message}
          {...register("email")}
        />
      </FieldGroup>

      <FieldGroup title={t("users.group_access")} description={t("users.group_access_text")}>
        <SelectField label={t("users.scope")} error={errors.scope?.message} {...register("scope")}>
          {rights.scopes.map((scope) => (
            <option key={scope} value={scope}>
              {t(`scopes.${scope}`)}
            </option>
          ))}
        </SelectField>
        {rights.choosesClub && (
          <ControlledSelectField
            control={control}
            name="club"
            label={t("users.club")}
            // Teams belong to a club: a new club starts without any.
            onValueChange={() => setValue("teams", [])}
          >
            <option value="">{t("users.no_club")}</option>
            <ClubOptions clubs={clubs} />
          </ControlledSelectField>
        )}
        <Controller
          control={control}
          name="teams"
          render={({ field, fieldState }) => (
            <MultiSelectField
              label={t("users.teams")}
              options={teamOptions}
              value={field.value}
              onChange={field.onChange}
              placeholder={clubId === null ? t("users.teams_need_club") : t("users.no_teams")}
              disabled={clubId === null || teamOptions.length === 0}
              error={fieldState.error?.message}
            />
          )}
        />
        {rights.assignsRoles && (
          <Controller
            control={control}
            name="roles"
            render={({ field, fieldState }) => (
              <MultiSelectField
                label={t("users.roles")}
                options={roleOptions}
                value={field.value}
                onChange={field.onChange}
                placeholder={t("users.no_roles")}
                error={fieldState.error?.message}
              />
            )}
          />
        )}
      </FieldGroup>

      <FieldGroup
        title={t("users.group_password")}
        description={user ? t("users.password_keep") : t("users.password_new")}
      >
        <TextField
          label={t("users.password")}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register("password")}
        />
        <TextField
          label={t("users.password_confirmation")}
          type="password"
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...register("password_confirmation")}
        />
      </FieldGroup>
    </FormDialog>
  );
}
