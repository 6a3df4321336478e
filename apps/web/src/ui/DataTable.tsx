// A table of records with optional row selection and bulk actions: a header
// checkbox selects every row, a bar above the table shows how many are selected
// and the actions for them. Below 1024 px each row becomes a card (CSS only, so
// there is one accessible table whatever the screen).
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Icon, type IconName } from "./Icon.tsx";
import { Skeleton } from "./Skeleton.tsx";
import "../styles/data-table.css";

export type RowKey = string | number;

export interface DataTableColumn<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The row's title: the card's heading on mobile. */
  primary?: boolean;
  /** Numbers and times line up on the right. */
  align?: "start" | "end";
}

export interface BulkAction<T> {
  key: string;
  label: string;
  icon?: IconName;
  danger?: boolean;
  /** Receives the selected rows in table order. */
  run: (rows: T[]) => void;
}

interface DataTableProps<T> {
  /** Names the table for assistive technology. */
  caption: string;
  columns: DataTableColumn<T>[];
  rows: T[];
  rowKey: (row: T) => RowKey;
  /** How a row is named in its checkbox label ("Select …"). */
  rowLabel?: (row: T) => string;
  /** Buttons or links at the end of each row. */
  rowActions?: (row: T) => ReactNode;
  /** With bulk actions rows can be selected. */
  bulkActions?: BulkAction<T>[];
  /** Placeholder rows while the data loads. */
  loading?: boolean;
  skeletonRows?: number;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
}

/** Keeps only keys that are still on the page (after a page change or a deletion). */
function pruned(selected: Set<RowKey>, present: RowKey[]): Set<RowKey> {
  const kept = new Set(present.filter((key) => selected.has(key)));
  return kept.size === selected.size ? selected : kept;
}

export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowLabel,
  rowActions,
  bulkActions = [],
  loading = false,
  skeletonRows = 5,
  empty,
}: DataTableProps<T>) {
  const { t } = useTranslation("dashboard");
  const selectable = bulkActions.length > 0;
  const keys = useMemo(() => rows.map(rowKey), [rows, rowKey]);
  const [selectedKeys, setSelectedKeys] = useState<Set<RowKey>>(() => new Set());
  const selected = pruned(selectedKeys, keys);
  useEffect(() => {
    if (selected !== selectedKeys) setSelectedKeys(selected);
  }, [selected, selectedKeys]);

  const allSelected = keys.length > 0 && selected.size === keys.length;
  const someSelected = selected.size > 0 && !allSelected;
  const headerCheckbox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (headerCheckbox.current) headerCheckbox.current.indeterminate = someSelected;
  }, [someSelected]);

  const toggleAll = () => setSelectedKeys(allSelected ? new Set() : new Set(keys));
  const toggle = (key: RowKey) =>
    setSelectedKeys((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const selectedRows = rows.filter((row) => selected.has(rowKey(row)));

  if (!loading && rows.length === 0 && empty) return <>{empty}</>;

  const columnCount = columns.length + (selectable ? 1 : 0) + (rowActions ? 1 : 0);
  return (
    <div className="data-table">
      {selectable && (
        <div
          className={`data-table__bulk${selected.size ? " data-table__bulk--active" : ""}`}
          role="region"
          aria-label={t("table.bulk_actions")}
        >
          <p className="data-table__count" aria-live="polite">
            {t("table.selected", { count: selected.size })}
          </p>
          <div className="data-table__bulk-actions">
            {bulkActions.map((action) => (
              <button
                key={action.key}
                type="button"
                className={`button button--small ${action.danger ? "button--danger" : "button--secondary"}`}
                disabled={selected.size === 0}
                onClick={() => action.run(selectedRows)}
              >
                {action.icon && <Icon name={action.icon} size={16} />}
                {action.label}
              </button>
            ))}
            {selected.size > 0 && (
              <button
                type="button"
                className="button button--small button--ghost"
                onClick={() => setSelectedKeys(new Set())}
              >
                {t("table.clear_selection")}
              </button>
            )}
          </div>
        </div>
      )}
      <table className="data-table__table" aria-busy={loading || undefined}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {selectable && (
              <th scope="col" className="data-table__select">
                <label className="data-table__check">
                  <input
                    ref={headerCheckbox}
                    type="checkbox"
                    checked={allSelected}
                    disabled={loading || keys.length === 0}
                    onChange={toggleAll}
                    aria-label={t("table.select_all")}
                  />
                  <span className="data-table__check-text" aria-hidden="true">
                    {t("table.select_all_short")}
                  </span>
                </label>
              </th>
            )}
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.align === "end" ? "data-table__end" : undefined}>
                {column.header}
              </th>
            ))}
            {rowActions && (
              <th scope="col" className="data-table__end">
                <span className="visually-hidden">{t("table.actions")}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {loading
            ? Array.from({ length: skeletonRows }, (_, index) => (
                <tr key={index} className="data-table__skeleton">
                  <td colSpan={columnCount}>
                    <Skeleton height={20} />
                  </td>
                </tr>
              ))
            : rows.map((row) => {
                const key = rowKey(row);
                const isSelected = selected.has(key);
                return (
                  <tr key={key} className={isSelected ? "data-table__row--selected" : undefined}>
                    {selectable && (
                      <td className="data-table__select">
                        <input
                          type="checkbox"
                          checked={isSelected}
                          onChange={() => toggle(key)}
                          aria-label={t("table.select_row", { name: rowLabel?.(row) ?? String(key) })}
                        />
                      </td>
                    )}
                    {columns.map((column) => (
                      <td
                        key={column.key}
                        data-label={column.header}
                        className={
                          [column.primary && "data-table__primary", column.align === "end" && "data-table__end"]
                            .filter(Boolean)
                            .join(" ") || undefined
                        }
                      >
                        {column.cell(row)}
                      </td>
                    ))}
                    {rowActions && <td className="data-table__row-actions">{rowActions(row)}</td>}
                  </tr>
                );
              })}
        </tbody>
      </table>
    </div>
  );
}
