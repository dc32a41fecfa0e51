package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"

	"brigade/internal/blob"
)

const blobsUsage = `Usage : brigade blobs copy --from <adresse|dossier> --to <adresse|dossier>

Copie tous les fichiers (images, cartes, exports) d'un stockage à un autre,
par exemple du dossier des données vers un compartiment S3 partagé :

  brigade blobs copy --from ./data/blobs --to 's3://brigade?endpoint=http://127.0.0.1:7070'

Une adresse est s3://compartiment/préfixe?endpoint=…&region=… (identifiants
AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN) ou file:///chemin ;
sans « :// », c'est un dossier. Les fichiers déjà présents à l'identique
(même taille, même SHA-256) ne sont pas recopiés : la commande peut être
relancée après une interruption.

Options :
`

func blobsCommand(ctx context.Context, args []string, out io.Writer) error {
	if len(args) == 0 || args[0] != "copy" {
		fmt.Fprint(os.Stderr, blobsUsage)
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
			return flag.ErrHelp
		}
		return errors.New("brigade blobs : sous-commande attendue : copy")
	}
	return copyBlobs(ctx, args[1:], out)
}

// copyBlobs streams every blob of --from into --to, one at a time, skipping
// those already there with the same size and SHA-256.
func copyBlobs(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("brigade blobs copy", flag.ContinueOnError)
	fromArg := fs.String("from", "", "stockage source : adresse s3://… ou file://…, ou dossier (obligatoire)")
	toArg := fs.String("to", "", "stockage de destination : adresse s3://… ou file://…, ou dossier (obligatoire)")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), blobsUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("argument inattendu : %q", fs.Arg(0))
	}
	if *fromArg == "" || *toArg == "" {
		fs.Usage()
		return errors.New("--from et --to sont obligatoires")
	}
	from, err := openStore(ctx, *fromArg, true)
	if err != nil {
		return fmt.Errorf("--from : %w", err)
	}
	to, err := openStore(ctx, *toArg, false)
	if err != nil {
		return fmt.Errorf("--to : %w", err)
	}
	list, err := from.List(ctx, "")
	if err != nil {
		return fmt.Errorf("liste des fichiers de %s : %w", *fromArg, err)
	}
	fmt.Fprintf(out, "%s fichier(s) à examiner dans %s\n", thousands(len(list)), *fromArg)
	var copied, same int
	var bytes int64
	for i, b := range list {
		done, err := copyBlob(ctx, from, to, b)
		if err != nil {
			return fmt.Errorf("%s : %w (%d copié(s) avant l'erreur ; relancer la commande reprend là)", b.Key, err, copied)
		}
		if done {
			copied++
			bytes += b.Size
			fmt.Fprintf(out, "[%s/%s] copié %s (%s octets)\n", thousands(i+1), thousands(len(list)), b.Key, thousands(int(b.Size)))
		} else {
			same++
			if (i+1)%500 == 0 {
				fmt.Fprintf(out, "[%s/%s] examinés\n", thousands(i+1), thousands(len(list)))
			}
		}
	}
	fmt.Fprintf(out, "Terminé : %s fichier(s) copié(s) (%s octets), %s déjà présent(s) à l'identique, sur %s.\n",
		thousands(copied), thousands(int(bytes)), thousands(same), thousands(len(list)))
	return nil
}

// copyBlob copies b unless to holds the same bytes; it says whether it did.
// Sizes are compared first, so that a missing or different blob costs no
// hashing of the source.
func copyBlob(ctx context.Context, from, to blob.Store, b blob.Info) (bool, error) {
	dst, err := to.Stat(ctx, b.Key)
	switch {
	case errors.Is(err, blob.ErrNotFound):
	case err != nil:
		return false, err
	case dst.Size == b.Size:
		src, err := from.Stat(ctx, b.Key)
		if err != nil {
			return false, err
		}
		if src.SHA256 == dst.SHA256 {
			return false, nil
		}
	}
	rc, _, err := from.Get(ctx, b.Key)
	if err != nil {
		return false, err
	}
	defer rc.Close()
	if _, err := to.Put(ctx, b.Key, rc); err != nil {
		return false, err
	}
	return true, nil
}

// openStore opens a store URL, or a folder path. A source folder must
// exist: a typo must not read as an empty store.
func openStore(ctx context.Context, where string, mustExist bool) (blob.Store, error) {
	dir := where
	if strings.Contains(where, "://") {
		u, err := url.Parse(where)
		if err != nil || u.Scheme != "file" || !mustExist {
			return blob.Open(ctx, where, "")
		}
		dir = u.Path
	}
	if mustExist {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("le dossier %s n'existe pas", where)
		}
	}
	if dir != where {
		return blob.Open(ctx, where, "")
	}
	return blob.NewFolder(dir)
}
