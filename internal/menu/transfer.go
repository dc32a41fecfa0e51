package menu

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"

	"brigade/internal/history"
	"brigade/internal/tenancy"
)

// Export and import of a carte as a JSON file: the campaign's fields and
// its document under orderJson, as the spec's stored campaign files are.

type exportFile struct {
	Nom           string          `json:"nom"`
	IsPrincipal   bool            `json:"isPrincipal"`
	DateDebut     string          `json:"dateDebut"`
	DateFin       string          `json:"dateFin"`
	IsPeriodic    bool            `json:"isPeriodic"`
	CampagneDates []string        `json:"campagneDates"`
	Version       int             `json:"version"`
	OrderJSON     json.RawMessage `json:"orderJson"`
}

// Export returns the carte's file and the name to save it under.
func (s *Service) Export(ctx context.Context, p tenancy.Principal, id int64) ([]byte, string, error) {
	c, err := s.Get(ctx, p, id)
	if err != nil {
		return nil, "", err
	}
	doc, err := s.document(ctx, c)
	if err != nil {
		return nil, "", err
	}
	dates := c.CampagneDates
	if dates == nil {
		dates = []string{}
	}
	out, err := json.MarshalIndent(exportFile{Nom: c.Nom, IsPrincipal: c.IsPrincipal, DateDebut: c.DateDebut, DateFin: c.DateFin,
		IsPeriodic: c.IsPeriodic, CampagneDates: dates, Version: c.Version, OrderJSON: doc}, "", " ")
	if err != nil {
		return nil, "", err
	}
	return out, SanitizeFileName(c.Nom) + ".json", nil
}

// Import creates a carte from a file: an exported carte ({…, orderJson})
// or a bare menu document. The document is parsed and validated as a save
// is — a value a field cannot hold is refused naming the file — and
// nothing is created unless all of it is valid. nom, when given, names the
// new carte; the new carte is never principal.
//
// As at creation, a name another active carte already has needs
// confirmDuplicateName (see checkDuplicateName).
func (s *Service) Import(ctx context.Context, p tenancy.Principal, nom, fileName string, confirmDuplicateName bool, raw []byte) (Campaign, error) {
	if err := canWrite(p); err != nil {
		return Campaign{}, err
	}
	if fileName == "" {
		fileName = "import.json"
	}
	in := CampaignInput{Nom: strings.TrimSpace(nom), ConfirmDuplicateName: confirmDuplicateName}
	doc := raw
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(raw, &probe); err != nil {
		return Campaign{}, &tenancy.ValidationError{Field: "body", Message: "Le fichier « " + fileName + " » n'est pas un JSON de carte valide."}
	}
	if o, ok := probe["orderJson"]; ok {
		var f exportFile
		if err := json.Unmarshal(raw, &f); err != nil {
			return Campaign{}, &tenancy.ValidationError{Field: "body", Message: "Le fichier « " + fileName + " » n'est pas un export de carte valide."}
		}
		if in.Nom == "" {
			in.Nom = f.Nom
		}
		in.DateDebut, in.DateFin, in.IsPeriodic, in.CampagneDates = f.DateDebut, f.DateFin, f.IsPeriodic, f.CampagneDates
		doc = o
	}
	if in.Nom == "" {
		in.Nom = strings.TrimSuffix(fileName, ".json")
	}
	if len(bytes.TrimSpace(doc)) == 0 || bytes.TrimSpace(doc)[0] != '{' {
		return Campaign{}, &tenancy.ValidationError{Field: "body.orderJson", Message: "Le fichier « " + fileName + " » ne contient pas de document de carte."}
	}
	d, err := Parse(doc, fileName)
	if err != nil {
		return Campaign{}, err
	}
	if err := d.typed(fileName); err != nil {
		return Campaign{}, err
	}
	if err := Validate(d); err != nil {
		return Campaign{}, err
	}
	d.fillEmpty()
	stored, snap, err := encodeDocument(d)
	if err != nil {
		return Campaign{}, err
	}
	c, err := s.createWith(ctx, p, in, stored, history.Ajout, []history.Change{{Field: "importée du fichier", After: fileName}})
	if err != nil {
		return Campaign{}, err
	}
	s.cacheSnapshot(c.ID, c.Version, snap)
	return c, nil
}
