package pyramid

import (
	"path"
	"slices"
	"strconv"
	"strings"
)

// A client library's tests and examples talk to a server on this machine
// (Redis on 6379); the sandbox runs none. Debian packages the common ones,
// and each starts without an init system. A command that needs one runs
// after its start line (Command.Start), which starts it unless its port
// answers and waits for the port: the repair that reads "Connection
// refused" on the port adds it, and so does the plan when the project's
// CI runs the server beside its tests (a GitHub Actions job's services,
// a docker-compose file's).

// Service is a server Debian packages: its name, package, how it starts
// without an init system and the port it answers on ("" package: Debian
// has none).
type Service struct{ Name, Package, Start, Port string }

// services are the well-known servers, by port.
var services = []Service{
	{"Redis", "redis-server", "service redis-server start", "6379"},
	{"PostgreSQL", "postgresql", pgStart, "5432"},
	{"MySQL/MariaDB", "mariadb-server", "service mariadb start", "3306"},
	{"memcached", "memcached", "service memcached start", "11211"},
	{"an MQTT broker", "mosquitto", "mosquitto -d", "1883"}, // its init script lacks /run/mosquitto
	{"RabbitMQ", "rabbitmq-server", "service rabbitmq-server start", "5672"},
	{"ZooKeeper", "zookeeperd", "service zookeeper start", "2181"},
	{"MongoDB", "", "", "27017"},
	{"Elasticsearch", "", "", "9200"},
}

// pgStart starts Debian's PostgreSQL as the official image and a CI
// runner's would be met: the postgres role with the password "postgres"
// (the image's usual POSTGRES_PASSWORD in CI files, used over TCP on
// localhost), and a superuser role and database for the sandbox's user,
// root, which clients use by default over the socket (node-postgres'
// tests: "FATAL: role "root" does not exist"). Neither exists after
// Debian's install; creating them again fails harmlessly. The server
// trusts every connection from this machine, over the socket and TCP,
// as the CI image's POSTGRES_HOST_AUTH_METHOD=trust does: a program's
// own role (repair's service-account creates it) connects with whatever
// password it was given (sqlx's README example: user=foo, none).
const pgStart = `{ sed -i -E 's/(peer|md5|scram-sha-256)[[:space:]]*$/trust/' /etc/postgresql/*/main/pg_hba.conf; service postgresql start && su postgres -c "psql -qc \"ALTER USER postgres PASSWORD 'postgres'\" && { createuser -s root; createdb -O root root; }"; }`

// serviceImages are container images of those servers, by the image's
// name without registry, owner or tag.
var serviceImages = map[string]string{
	"redis": "6379", "redis-stack-server": "6379", "redis-stack": "6379", "keydb": "6379", "valkey": "6379",
	"postgres": "5432", "postgresql": "5432", "mysql": "3306", "mariadb": "3306",
	"memcached": "11211", "eclipse-mosquitto": "1883", "mosquitto": "1883", "rabbitmq": "5672",
	"zookeeper": "2181", "mongo": "27017", "mongodb": "27017", "elasticsearch": "9200",
}

// ServiceOnPort is the well-known service of a port.
func ServiceOnPort(port string) (Service, bool) {
	i := slices.IndexFunc(services, func(s Service) bool { return s.Port == port })
	if i < 0 {
		return Service{}, false
	}
	return services[i], true
}

// ServiceOfImage is the service a container image runs ("redis:7-alpine",
// "docker.io/bitnami/redis:7.2").
func ServiceOfImage(image string) (Service, bool) {
	name, _, _ := strings.Cut(path.Base(strings.TrimSpace(image)), ":")
	name, _, _ = strings.Cut(name, "@")
	port, ok := serviceImages[strings.ToLower(name)]
	if !ok {
		return Service{}, false
	}
	return ServiceOnPort(port)
}

// StartLine is the shell line that starts s unless its port answers
// already, then waits (up to ten seconds) for the port to answer.
func (s Service) StartLine() string {
	probe := "(exec 3<>/dev/tcp/127.0.0.1/" + s.Port + ") 2>/dev/null"
	return startUnless(probe, s.Start+" >/dev/null 2>&1", probe, 100)
}

// startUnless is the shell line that runs start unless probe succeeds,
// then waits up to tries tenths of a second for ready.
func startUnless(probe, start, ready string, tries int) string {
	return probe + " || { " + start + "; for _ in $(seq " + strconv.Itoa(tries) + "); do " + ready + " && break; sleep 0.1; done; }"
}

// A desktop library's tests talk to the D-Bus session bus, which a
// sandbox runs none of (a CI runner's tests run under `dbus-run-session
// --`): SessionBusStart, run before a command as a service's start line
// is, exports the bus's address and, unless a bus answers there, gives the
// sandbox the machine id D-Bus clients read and starts a session bus in
// the background (dbus-daemon listens before its --fork returns; the
// wait covers a slow start). SessionBusPackage is Debian's package that
// runs it.
const (
	SessionBusPackage = "dbus-daemon"
	sessionBusSocket  = "/run/heragent-session-bus"
	SystemBusPackage  = "dbus"
	systemBusSocket   = "/run/dbus/system_bus_socket"
)

var SessionBusStart = "export DBUS_SESSION_BUS_ADDRESS=unix:path=" + sessionBusSocket + "; " +
	busStart("session", sessionBusSocket, "dbus-daemon --session --fork --address=$DBUS_SESSION_BUS_ADDRESS")

// A client of system services talks to the D-Bus system bus, which a
// CI runner's init starts and a container's does not: SystemBusStart
// starts Debian's (as its init script would: /run/dbus, the machine id,
// dbus-daemon --system, which drops to the messagebus user) unless it
// answers on its socket. SystemBusPackage brings the daemon, its
// configuration and that user.
var SystemBusStart = busStart("system", systemBusSocket, "rm -f /run/dbus/pid; mkdir -p /run/dbus; dbus-daemon --system --fork")

// busStart starts a D-Bus bus ("session" or "system") with daemon unless
// one answers: what a dead one left at socket removed, the machine id
// made sure of; then it waits for the socket.
func busStart(bus, socket, daemon string) string {
	probe := "dbus-send --" + bus + " --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus.GetId >/dev/null 2>&1"
	start := "rm -f " + socket + "; dbus-uuidgen --ensure >/dev/null 2>&1; " + daemon + " >/dev/null 2>&1"
	return startUnless(probe, start, "[ -S "+socket+" ]", 50)
}

// StartEverywhere adds the start line to every command of the pyramid: a
// service one command needs is part of the environment from then on, and
// no command may pass on a server another left running. It reports
// whether any command lacked it.
func (p *Pyramid) StartEverywhere(line string) bool {
	added := false
	for i := range p.Commands {
		if c := &p.Commands[i]; !slices.Contains(c.Start, line) {
			c.Start = append(c.Start, line)
			added = true
		}
	}
	return added
}
