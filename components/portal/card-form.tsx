"use client";
import { formSubmit } from "@/components/ui/form-submit";
import { useState, useTransition } from "react";
import { ui } from "@/components/ui/styles";
import { publishCard } from "@/lib/portal/actions/cards";
import { chainCodes, chainLabels } from "@/lib/portal/chain-labels";

export function CardForm() {
  const [error, setError] = useState<string | null>(null);
  const [published, setPublished] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [pending, startTransition] = useTransition();

  function submit(form: FormData) {
    startTransition(async () => {
      const field = (name: string) => String(form.get(name) ?? "");
      const result = await publishCard({ chain: field("chain"), token: field("token"), tokenName: field("tokenName"), tokenSymbol: field("tokenSymbol"), hook: field("hook"), bullets: field("bullets") });
      if (!result.ok) {
        setPublished(false);
        return setError(result.error);
      }
      setError(null);
      setPublished(true);
      setFormKey((k) => k + 1);
    });
  }

  return (
    <form key={formKey} onSubmit={formSubmit(submit)} className={`${ui.card} space-y-4 p-5`} aria-labelledby="card-form-heading" noValidate>
      <h2 id="card-form-heading" className={ui.h2}>
        Publish a card
      </h2>
      <p className={ui.muted}>
        Cards are anonymous: the feed shows the token and your text, never your account. Only publish public on-chain observations. The token is checked on its network when
        you publish; its name and symbol come from the token itself, and what you type below is used only where the token gives none.
      </p>
      {error ? (
        <p role="alert" className={ui.error}>
          {error}
        </p>
      ) : null}
      {published ? (
        <p role="status" className={ui.success}>
          Published. It appears in GET /v1/api/discover.
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="card-chain" className={ui.label}>
            Network
          </label>
          <select id="card-chain" name="chain" className={ui.select} defaultValue="eth">
            {chainCodes.map((code) => (
              <option key={code} value={code}>
                {chainLabels[code]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="card-token" className={ui.label}>
            Token contract address
          </label>
          <input id="card-token" name="token" required className={`${ui.input} font-mono`} placeholder="0x…" />
        </div>
        <div>
          <label htmlFor="card-token-name" className={ui.label}>
            Token name <span className="font-normal text-zinc-500">(optional)</span>
          </label>
          <input id="card-token-name" name="tokenName" maxLength={60} className={ui.input} />
        </div>
        <div>
          <label htmlFor="card-token-symbol" className={ui.label}>
            Token symbol <span className="font-normal text-zinc-500">(optional)</span>
          </label>
          <input id="card-token-symbol" name="tokenSymbol" maxLength={16} className={ui.input} />
        </div>
      </div>
      <div>
        <label htmlFor="card-hook" className={ui.label}>
          Hook (1 to 140 characters)
        </label>
        <input id="card-hook" name="hook" maxLength={140} required className={ui.input} placeholder="Deployer moved 40% of supply in an hour" />
      </div>
      <div>
        <label htmlFor="card-bullets" className={ui.label}>
          Bullet points (1 to 6, one per line)
        </label>
        <textarea id="card-bullets" name="bullets" rows={4} required className={ui.input} />
      </div>
      <button type="submit" className={ui.button} disabled={pending}>
        {pending ? "Publishing…" : "Publish card"}
      </button>
    </form>
  );
}
