module github.com/heragent/heragent

go 1.24.0

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/go-enry/go-enry/v2 v2.9.6
	github.com/go-git/go-git/v5 v5.17.2
	github.com/neo4j/neo4j-go-driver/v5 v5.28.4
	github.com/smacker/go-tree-sitter v0.0.0-20240827094217-dd81d9e9be82
	github.com/spf13/cobra v1.10.2
	go.etcd.io/bbolt v1.4.3
	golang.org/x/mod v0.33.0
	gopkg.in/yaml.v3 v3.0.1
)

require (
	github.com/go-enry/go-oniguruma v1.2.1 // indirect
	github.com/go-git/gcfg v1.5.1-0.20230307220236-3a3c6141e376 // indirect
	github.com/go-git/go-billy/v5 v5.8.0 // indirect
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/jbenet/go-context v0.0.0-20150711004518-d14ea06fba99 // indirect
	github.com/spf13/pflag v1.0.10 // indirect
	golang.org/x/net v0.50.0 // indirect
	golang.org/x/sys v0.41.0 // indirect
	gopkg.in/warnings.v0 v0.1.2 // indirect
)
